; urland.exe, the program a player starts: a small launcher beside the folder `program\` that
; PyInstaller made (program\urland-program.exe and its libraries in program\_internal\). Made by
; `make dist-windows` (packaging/build_windows.py):
;     makensis -DVERSION=0.1.0 -DICON=urland.ico -DOUTFILE=urland.exe launcher.nsi
; It starts program\urland-program.exe with the same arguments and ends with its exit code. When
; that folder is not there, as when Explorer starts urland.exe from inside the zip (it copies that
; one file to a temporary folder), it says in a message box to extract the folder first, instead
; of PyInstaller's bare "Failed to load Python DLL". With URLAND_LAUNCHER_CHECK set in the
; environment it ends with exit code 3 instead of showing the box (for packaging/check_windows.py).
;
; Output sent to a file (`wine urland.exe > log`): Wine hands such a file to Windows programs as a
; standard handle that has no Windows name, and GetFileInformationByHandle fails on it with
; "invalid handle"; CPython asks exactly that when it sets up sys.stdout, so the program would stop
; at once ("Failed to start embedded python interpreter!"). A standard handle on a file that
; answers that question (every one on Windows itself) is passed on as before; when one does not,
; the program is started without standard handles (DETACHED_PROCESS), as a double-click starts it.

Unicode true
Target amd64-unicode
SilentInstall silent
RequestExecutionLevel user
ManifestDPIAware true
SetCompressor /SOLID lzma
Name "Urland"
; the message box's title: this is the game's launcher, not a setup program
Caption "Urland"
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
LangString ExtractFirst ${LANG_FRENCH} "Extrayez d’abord le dossier.$\r$\n$\r$\nUrland ne peut pas démarrer depuis l’intérieur du fichier zip : faites un clic droit sur le fichier zip, choisissez Extraire tout…, puis double-cliquez sur urland.exe dans le dossier urland extrait."
LangString ExtractFirst ${LANG_DUTCH} "Pak eerst de map uit.$\r$\n$\r$\nUrland kan niet starten vanuit het zipbestand: klik met rechts op het zipbestand, kies Alles uitpakken… en dubbelklik dan op urland.exe in de uitgepakte map urland."

!define PROGRAM "$EXEDIR\program\urland-program.exe"
!define FILE_TYPE_DISK 1
!define DETACHED_PROCESS 0x8
!define STD_OUTPUT_HANDLE -11
!define STD_ERROR_HANDLE -12

; $R0: a standard handle's number; $R1 on return: 1 when it is a file CPython cannot start with
Function BrokenStdHandle
  StrCpy $R1 0
  System::Call 'kernel32::GetStdHandle(i $R0) p .r8'
  System::Call 'kernel32::GetFileType(p r8) i .r9'
  IntCmp $9 ${FILE_TYPE_DISK} 0 done done
  System::Alloc 64  ; a BY_HANDLE_FILE_INFORMATION (52 bytes)
  Pop $7
  System::Call 'kernel32::GetFileInformationByHandle(p r8, p r7) i .r9'
  System::Free $7
  IntCmp $9 0 0 done done
  StrCpy $R1 1
done:
FunctionEnd

; the program started with no standard handles; $1: its exit code, the error flag when it
; could not be started
Function RunDetached
  System::Alloc 104  ; a STARTUPINFOW, zeroed
  Pop $5
  System::Call '*$5(i 104)'
  System::Alloc 24  ; a PROCESS_INFORMATION
  Pop $6
  StrCpy $R3 '"${PROGRAM}" $0'
  System::Call 'kernel32::CreateProcessW(p 0, w R3, p 0, p 0, i 0, i ${DETACHED_PROCESS}, p 0, p 0, p r5, p r6) i .r9'
  IntCmp $9 0 failed
  System::Call '*$6(p .r3, p .r4)'
  System::Call 'kernel32::WaitForSingleObject(p r3, i -1)'
  System::Call 'kernel32::GetExitCodeProcess(p r3, *i .r1)'
  System::Call 'kernel32::CloseHandle(p r3)'
  System::Call 'kernel32::CloseHandle(p r4)'
  Goto freed
failed:
  SetErrors
freed:
  System::Free $5
  System::Free $6
FunctionEnd

Section
  IfFileExists "$EXEDIR\program\_internal\python3*.dll" 0 missing
  IfFileExists "${PROGRAM}" 0 missing
  ${GetParameters} $0
  StrCpy $R0 ${STD_OUTPUT_HANDLE}
  Call BrokenStdHandle
  StrCpy $R2 $R1
  StrCpy $R0 ${STD_ERROR_HANDLE}
  Call BrokenStdHandle
  IntOp $R2 $R2 | $R1
  ClearErrors
  IntCmp $R2 1 detached
  ExecWait '"${PROGRAM}" $0' $1
  Goto started
detached:
  Call RunDetached
started:
  IfErrors missing
  SetErrorLevel $1
  Quit
missing:
  ReadEnvStr $2 URLAND_LAUNCHER_CHECK
  StrCmp $2 "" 0 +2
  MessageBox MB_OK|MB_ICONEXCLAMATION "$(ExtractFirst)"
  SetErrorLevel 3
SectionEnd
