#!/bin/sh
# Fills a fresh demo database with sample lists and reminders and shows them.
# Used by `make demo`; TICK is the binary, DB the database file.
set -eu
: "${TICK:=.build/release/tick}" "${DB:=demo/tick.sqlite3}"
rm -f "$DB" "$DB-wal" "$DB-shm"
t() { "$TICK" --db "$DB" "$@"; }
# Samples without alarms: those due today or yesterday would each say that their alarm is
# in the past, which on a first run reads like something gone wrong.
add() { t add "$@" --no-alarm; }

t lists add Groceries --color green >/dev/null
t lists add Work --color orange >/dev/null
t lists add Home --color purple >/dev/null
add "Buy milk" --list Groceries --due tomorrow >/dev/null
add "우유 사기" --list Groceries --due "fri 9am" --priority high --notes "2 cartons" >/dev/null
add "Bread 🍞" --list Groceries >/dev/null
add "Send the quarterly report" --list Work --due "today 17:00" --flag --priority medium >/dev/null
add "Review pull request" --list Work --due yesterday >/dev/null
add "Book dentist appointment" --due "in 2 weeks" >/dev/null
add "Water the plants" --list Home --due today >/dev/null
add "Fix the leaking tap" --list Home --priority low --tag diy >/dev/null
t done 3 >/dev/null

echo "Demo database: $DB"
echo
echo "\$ tick lists"
t lists
echo
echo "\$ tick list today"
t list today
echo
echo "\$ tick list Groceries"
t list Groceries
echo
echo "Try more: $TICK --db $DB help"
