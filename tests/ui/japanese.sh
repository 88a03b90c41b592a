#!/bin/sh
# The UI in Japanese (LANG=ja_JP.UTF-8): the menu, a form and the help are
# translated, their columns line up although a kanji takes two columns, and
# yomi still quits cleanly.  The catalog is compiled from po/ja.po into the
# temp folder, so neither an install nor a writable source tree is needed.
. "$TESTLIB"
top=$(cd "$(dirname "$0")/../.." && pwd)

. "$(dirname "$0")/tmux-lib.sh"
. "$top/tests/ja-catalog.sh" "$ui_tmp"
locale_dir=$ja_locale_dir

# cols TEXT MARK: display columns before MARK on the first screen line
# holding TEXT (wc -L counts a kanji as two in a UTF-8 locale).
cols() {
    line=$(ui_screen | grep -F -- "$1" | head -1)
    prefix=${line%%"$2"*}
    printf '%s\n' "$prefix" | LC_ALL=ja_JP.UTF-8 wc -L
}

ja="LANG=ja_JP.UTF-8 LC_ALL=ja_JP.UTF-8 YOMI_LOCALEDIR=$locale_dir"

ui_start $ja
see "アルゴリズムの比較" "the main menu is in Japanese"
see "新しい対局" "its first item"
see "q 終了" "the key bar is translated, the key names are not"
not_see "Compare algorithms" "no English left in the menu"
# The menu is 24 columns wide, centred in 80: hot keys in column 51.
for item in '新しい対局 n' '観戦 w' 'アルゴリズムの比較 c' '前回の続きから r' '終了 q'; do
    is "$(cols "${item% *} " " ${item#* }")" 50 "menu: '${item% *}' has its hot key in column 51"
done

ui_keys n
see "対局を始める" "n opens the new-game form in Japanese"
see "ゲーム" "the form's labels are translated"
see "リバーシ" "and its choices"
# The form starts in column 2 with 20 columns of labels: values at 23.
is "$(cols 'ゲーム' 'リバーシ')" 23 "form: a value after a short label starts in column 23"
is "$(cols 'レベル' '11 最強')" 23 "form: and after an indented one"
ui_keys End Up Up Right
see "カスタム" "the last level choice, Custom, is translated"
is "$(cols '指し手の順序' '最善')" 23 "form: and after a long indented one"
see "yomi 独自の探索" "the algorithm id (yomi) gets its Japanese description beside it"
ui_keys Escape
see "アルゴリズムの比較" "Esc goes back to the menu"

ui_keys '?'
see "キー操作" "the help is the Japanese file"
see "どの画面でも" "its text too"
ui_keys Escape
see "新しい対局" "back at the menu"
ui_keys q
see "yomi-exited-0" "q quits with status 0"

# The same catalog leaves an English locale alone.
ui_start LANG=C.UTF-8 "YOMI_LOCALEDIR=$locale_dir"
see "Compare algorithms" "C.UTF-8: the menu stays English"
not_see "新しい対局" "C.UTF-8: no Japanese"
ui_keys q
see "yomi-exited-0" "C.UTF-8: quits cleanly"

done_testing
