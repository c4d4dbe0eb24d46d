; urland.exe, the program a player starts: a small launcher beside the folder `program\` that
; PyInstaller made (program\urland.exe and its libraries in program\_internal\). Made by
; `make dist-windows` (packaging/build_windows.py):
;     makensis -DVERSION=0.1.0 -DICON=urland.ico -DOUTFILE=urland.exe launcher.nsi
; It starts program\urland.exe with the same arguments and ends with its exit code. When that
; folder is not there, as when Explorer starts urland.exe from inside the zip (it copies that one
; file to a temporary folder), it says in a message box to extract the folder first, instead of
; PyInstaller's bare "Failed to load Python DLL". With URLAND_LAUNCHER_CHECK set in the
; environment it ends with exit code 3 instead of showing the box (for packaging/check_windows.py).

Unicode true
Target amd64-unicode
SilentInstall silent
RequestExecutionLevel user
ManifestDPIAware true
SetCompressor /SOLID lzma
Name "Urland"
OutFile "${OUTFILE}"
Icon "${ICON}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "Urland"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "Urland"
VIAddVersionKey /LANG=0 "OriginalFilename" "urland.exe"
VIAddVersionKey /LANG=0 "LegalCopyright" "© the Urland authors"

!include "FileFunc.nsh"

LoadLanguageFile "${NSISDIR}\Contrib\Language files\English.nlf"
LoadLanguageFile "${NSISDIR}\Contrib\Language files\German.nlf"
LoadLanguageFile "${NSISDIR}\Contrib\Language files\Italian.nlf"
LoadLanguageFile "${NSISDIR}\Contrib\Language files\French.nlf"
LoadLanguageFile "${NSISDIR}\Contrib\Language files\Dutch.nlf"

LangString ExtractFirst ${LANG_ENGLISH} "Extract the folder first.$\r$\n$\r$\nUrland cannot start from inside the zip file: right-click the zip file, choose Extract All…, then double-click urland.exe in the extracted urland folder."
LangString ExtractFirst ${LANG_GERMAN} "Entpacke zuerst den Ordner.$\r$\n$\r$\nUrland kann nicht aus der ZIP-Datei heraus starten: Klicke mit der rechten Maustaste auf die ZIP-Datei, wähle Alle extrahieren… und doppelklicke dann im entpackten Ordner urland auf urland.exe."
LangString ExtractFirst ${LANG_ITALIAN} "Estrai prima la cartella.$\r$\n$\r$\nUrland non può partire dall’interno del file zip: fai clic destro sul file zip, scegli Estrai tutto…, poi fai doppio clic su urland.exe nella cartella urland estratta."
LangString ExtractFirst ${LANG_FRENCH} "Extrais d’abord le dossier.$\r$\n$\r$\nUrland ne peut pas démarrer depuis l’intérieur du fichier zip : fais un clic droit sur le fichier zip, choisis Extraire tout…, puis double-clique sur urland.exe dans le dossier urland extrait."
LangString ExtractFirst ${LANG_DUTCH} "Pak eerst de map uit.$\r$\n$\r$\nUrland kan niet starten vanuit het zipbestand: klik met rechts op het zipbestand, kies Alles uitpakken… en dubbelklik dan op urland.exe in de uitgepakte map urland."

Section
  IfFileExists "$EXEDIR\program\_internal\python3*.dll" 0 missing
  IfFileExists "$EXEDIR\program\urland.exe" 0 missing
  ${GetParameters} $0
  ClearErrors
  ExecWait '"$EXEDIR\program\urland.exe" $0' $1
  IfErrors missing
  SetErrorLevel $1
  Quit
missing:
  ReadEnvStr $2 URLAND_LAUNCHER_CHECK
  StrCmp $2 "" 0 +2
  MessageBox MB_OK|MB_ICONEXCLAMATION "$(ExtractFirst)"
  SetErrorLevel 3
SectionEnd
