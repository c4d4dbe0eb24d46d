"""The player's own files: settings, the remembered set-up, start-up checks, the crash log,
one running copy per folder."""
