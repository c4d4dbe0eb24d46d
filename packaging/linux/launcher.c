/* Urland's launcher, dist/urland/urland: the file a player double-clicks in a file manager.
 *
 * A real program rather than a shell script, since GNOME Files opens an executable script in
 * a text editor (or refuses to run it). It starts the program itself, urland-bin beside it,
 * when this system's C library is glibc REQUIRED_GLIBC or newer (what the program was built
 * against), and otherwise says so in a sentence: in a window when one of zenity, kdialog or
 * xmessage is there, and always on stderr. Without it, a program started from a menu fails in
 * silence.
 *
 * Built by `make dist` in the Debian 11 base (packaging/build_linux.py):
 *     gcc -O2 -s -o dist/urland/urland packaging/linux/launcher.c
 * It asks only for old glibc symbols, so it runs (and can say its sentence) on systems far
 * older than the program needs; packaging/check_glibc.py checks that with the rest.
 */
#define _GNU_SOURCE
#include <gnu/libc-version.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define REQUIRED_GLIBC "2.31"
#define PROGRAM "urland-bin"
#define MESSAGE_SIZE 512

/* The sentence in the player's language (the game's own languages, else English): what
 * Urland needs, the language's semicolon (French sets a no-break space before it), and what
 * this system has. */
struct sentence {
    const char *language;
    const char *need;
    const char *semicolon;
    const char *has;
};

static const struct sentence SENTENCES[] = {
    {"de", "Urland braucht ein Linux mit der GNU-C-Bibliothek (glibc) " REQUIRED_GLIBC
           " oder neuer, etwa Debian 11, Ubuntu 20.04 oder später",
     "; ", "dein System hat glibc"},
    {"fr", "Urland a besoin d'un Linux avec la bibliothèque C GNU (glibc) " REQUIRED_GLIBC
           " ou plus récente, comme Debian 11, Ubuntu 20.04 ou ultérieur",
     "\xc2\xa0; ", "votre système a la glibc"},
    {"it", "Urland richiede un Linux con la libreria C GNU (glibc) " REQUIRED_GLIBC
           " o più recente, come Debian 11, Ubuntu 20.04 o successivi",
     "; ", "il tuo sistema ha la glibc"},
    {"nl", "Urland heeft een Linux met de GNU C-bibliotheek (glibc) " REQUIRED_GLIBC
           " of nieuwer nodig, zoals Debian 11, Ubuntu 20.04 of later",
     "; ", "jouw systeem heeft glibc"},
    {"", "Urland needs a Linux system with the GNU C library (glibc) " REQUIRED_GLIBC
         " or newer, such as Debian 11, Ubuntu 20.04 or later",
     "; ", "this system has glibc"},
};

/* The first of LC_ALL, LC_MESSAGES, LANG that is set and not empty, as the shell's
 * ${LC_ALL:-${LC_MESSAGES:-${LANG:-}}} reads them. */
static const char *player_locale(void) {
    static const char *const names[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *value = getenv(names[i]);
        if (value != NULL && value[0] != '\0') return value;
    }
    return "";
}

static const struct sentence *sentence_for(const char *locale) {
    size_t count = sizeof SENTENCES / sizeof SENTENCES[0];
    for (size_t i = 0; i + 1 < count; i++) {
        if (strncmp(locale, SENTENCES[i].language, 2) == 0) return &SENTENCES[i];
    }
    return &SENTENCES[count - 1];
}

/* Is the version `found` ("2.35", "2.31.9") `required` ("2.31") or later? */
static int at_least(const char *found, const char *required) {
    char *rest;
    long found_major = strtol(found, &rest, 10);
    long found_minor = *rest == '.' ? strtol(rest + 1, NULL, 10) : 0;
    long required_major = strtol(required, &rest, 10);
    long required_minor = *rest == '.' ? strtol(rest + 1, NULL, 10) : 0;
    return found_major > required_major
           || (found_major == required_major && found_minor >= required_minor);
}

/* Run one dialog program; true when it was there and ran. */
static int run_dialog(char *const argv[]) {
    pid_t child = fork();
    if (child < 0) return 0;
    if (child == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    if (waitpid(child, &status, 0) < 0) return 0;
    return !(WIFEXITED(status) && WEXITSTATUS(status) == 127);
}

static void show(const char *message) {
    fprintf(stderr, "%s\n", message);
    const char *x11 = getenv("DISPLAY");
    const char *wayland = getenv("WAYLAND_DISPLAY");
    if ((x11 == NULL || x11[0] == '\0') && (wayland == NULL || wayland[0] == '\0')) return;
    char text[MESSAGE_SIZE + 8];
    snprintf(text, sizeof text, "--text=%s", message);
    char *const zenity[] = {"zenity", "--error", "--title=Urland", "--no-wrap", text, NULL};
    char *const kdialog[] = {"kdialog", "--title", "Urland", "--error", (char *)message, NULL};
    char *const xmessage[] = {"xmessage", "-center", "-title", "Urland", (char *)message, NULL};
    if (!run_dialog(zenity) && !run_dialog(kdialog)) run_dialog(xmessage);
}

/* The folder this launcher is in, links resolved (a link to it in ~/bin still finds it). */
static int own_folder(char *folder, size_t size) {
    ssize_t length = readlink("/proc/self/exe", folder, size - 1);
    if (length <= 0) return 0;
    folder[length] = '\0';
    char *slash = strrchr(folder, '/');
    if (slash == NULL) return 0;
    *slash = '\0';
    return 1;
}

int main(int argc, char *argv[]) {
    (void)argc;
    const char *version = gnu_get_libc_version();
    if (!at_least(version, REQUIRED_GLIBC)) {
        const struct sentence *sentence = sentence_for(player_locale());
        char message[MESSAGE_SIZE];
        snprintf(message, sizeof message, "%s%s%s %s.", sentence->need, sentence->semicolon,
                 sentence->has, version);
        show(message);
        return 1;
    }
    char program[4096];
    if (!own_folder(program, sizeof program - sizeof "/" PROGRAM)) {
        fprintf(stderr, "urland: cannot find the folder this program is in\n");
        return 127;
    }
    strcat(program, "/" PROGRAM);
    /* the window's class stays "urland", the name packaging/urland.desktop is matched by */
    setenv("SDL_VIDEO_X11_WMCLASS", "urland", 0);
    setenv("SDL_VIDEO_WAYLAND_WMCLASS", "urland", 0);
    argv[0] = program;
    execv(program, argv);
    perror(program);
    return 127;
}
