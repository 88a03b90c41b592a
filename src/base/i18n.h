/* i18n.h - marking words for translation (gettext, po/).
 *
 * _("text") is looked up in the player's language when drawn; N_("text")
 * only marks a string in a static table, which is then drawn through _().
 * Without NLS both are the text itself.  Never wrap machine-readable output
 * (TSV, JSON, field names), move notation or algorithm ids. */
#ifndef YOMI_I18N_H
#define YOMI_I18N_H

#include "config.h"

#if defined(ENABLE_NLS) && ENABLE_NLS
#include <libintl.h>
#define _(s) gettext(s)
#else
/* format_arg: a translated printf format is still checked as a format. */
#if defined(__GNUC__)
__attribute__((format_arg(1)))
#endif
static inline const char *i18n_same(const char *s) { return s; }
#define _(s) i18n_same(s)
#define textdomain(domain) i18n_same(domain)
#define bindtextdomain(domain, dir) ((void)(dir), i18n_same(domain))
#define bind_textdomain_codeset(domain, codeset) ((void)(codeset), i18n_same(domain))
#define ngettext(one, many, n) ((n) == 1 ? i18n_same(one) : i18n_same(many))
#endif
#define N_(s) (s)

#endif
