#!/bin/sh
# Puts Urland in your desktop's menu, for you alone, with its icon:
#     ./install.sh              the menu entry starts this folder's urland/urland
#     ./install.sh --uninstall  takes the entry and the icon out again (saved games stay)
# The entry names the program by its full path, so it works at once, whatever PATH the desktop
# session has; run this again after moving the folder.
set -eu

here=$(cd "$(dirname "$0")" && pwd -P)
program="$here/urland/urland"
data="${XDG_DATA_HOME:-}"
case "$data" in
    /*) ;;
    *) data="$HOME/.local/share" ;;  # the XDG rule: a relative XDG_DATA_HOME is ignored
esac
entry="$data/applications/urland.desktop"
icon="$data/icons/hicolor/256x256/apps/urland.png"

refresh_menu() {
    if command -v update-desktop-database > /dev/null 2>&1; then
        update-desktop-database -q "$data/applications" 2> /dev/null || true
    fi
}

# the program's path as one argument of a .desktop Exec= line: in double quotes, with " ` $ \
# escaped, then every \ doubled (the file's own escaping) and % doubled
exec_argument() {
    quoted=$(printf '%s' "$1" | sed -e 's/[\\"`$]/\\&/g' -e 's/\\/\\\\/g' -e 's/%/%%/g')
    printf '"%s"' "$quoted"
}

install_entry() {
    if [ ! -x "$program" ]; then
        echo "install.sh: $program is missing; run install.sh from the unpacked Urland folder" >&2
        exit 1
    fi
    case "$here" in
        *"
"*) echo "install.sh: this folder's name has a line break; move it to a plain name first" >&2
            exit 1 ;;
    esac
    mkdir -p "$data/applications" "$(dirname "$icon")"
    cp "$here/urland.png" "$icon.new" && mv -f "$icon.new" "$icon"
    exec_line="Exec=$(exec_argument "$program")"
    try_line="TryExec=$(printf '%s' "$program" | sed 's/\\/\\\\/g')"
    # through the environment: awk -v would undo the backslashes
    EXEC_LINE=$exec_line TRY_LINE=$try_line awk '
        /^Exec=/ { print ENVIRON["TRY_LINE"]; print ENVIRON["EXEC_LINE"]; next } { print }
    ' "$here/urland.desktop" > "$entry.new"
    mv -f "$entry.new" "$entry"
    refresh_menu
    echo "Urland is in your menu now ($entry)."
}

uninstall_entry() {
    rm -f "$entry" "$icon"
    refresh_menu
    echo "Urland's menu entry and icon are gone; your saved games and settings are kept."
}

case "${1:-}" in
    "") install_entry ;;
    --uninstall) uninstall_entry ;;
    *) echo "usage: ./install.sh [--uninstall]" >&2; exit 2 ;;
esac
