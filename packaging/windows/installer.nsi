; The Windows setup program of Urland, made on Linux by `make dist-windows` (packaging/build_windows.py):
;     makensis -DVERSION=0.1.0 -DPROGRAM_DIR=dist/windows/urland -DICON=urland.ico -DOUTFILE=setup.exe installer.nsi
; For the current user only, with no administrator rights: the program goes into the user's own
; programs folder, with a Start-menu shortcut, an optional desktop one and an entry in Apps & features.
; Uninstalling removes the program and its shortcuts, never the player's saved games and history.
; Silent: setup.exe /S installs, uninstall.exe /S removes.

Unicode true
Target amd64-unicode          ; wine64 and 64-bit Windows; the program itself is 64-bit
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!include "MUI2.nsh"
!include "FileFunc.nsh"

!define APP "Urland"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"
!define SETTINGS_KEY "Software\${APP}"

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "${SETTINGS_KEY}" "InstallDir"
BrandingText "${APP} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${APP}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP} setup"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\urland.exe"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first is the fallback; otherwise Windows' display language picks one.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "Italian"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "Dutch"

LangString DesktopShortcut ${LANG_ENGLISH} "Desktop shortcut"
LangString DesktopShortcut ${LANG_GERMAN} "Verknüpfung auf dem Desktop"
LangString DesktopShortcut ${LANG_ITALIAN} "Collegamento sul desktop"
LangString DesktopShortcut ${LANG_FRENCH} "Raccourci sur le bureau"
LangString DesktopShortcut ${LANG_DUTCH} "Snelkoppeling op het bureaublad"

LangString KeptFiles ${LANG_ENGLISH} "Urland has been removed. Your saved games, history and settings are kept in $LOCALAPPDATA\${APP}: delete that folder to remove them too."
LangString KeptFiles ${LANG_GERMAN} "Urland wurde entfernt. Deine gespeicherten Spiele, der Spielverlauf und die Einstellungen bleiben in $LOCALAPPDATA\${APP}: Lösche diesen Ordner, um auch sie zu entfernen."
LangString KeptFiles ${LANG_ITALIAN} "Urland è stato rimosso. Le partite salvate, lo storico e le impostazioni restano in $LOCALAPPDATA\${APP}: elimina quella cartella per rimuovere anche loro."
LangString KeptFiles ${LANG_FRENCH} "Urland a été supprimé. Tes parties sauvegardées, l’historique et les réglages restent dans $LOCALAPPDATA\${APP} : supprime ce dossier pour les effacer aussi."
LangString KeptFiles ${LANG_DUTCH} "Urland is verwijderd. Je opgeslagen spellen, geschiedenis en instellingen blijven in $LOCALAPPDATA\${APP}: verwijder die map om ook die te wissen."

Section "${APP}" SectionProgram
  SectionIn RO
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  RMDir /r "$INSTDIR\_internal"   ; an older version's libraries never linger beside the new ones
  File /r "${PROGRAM_DIR}/*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\urland.exe"

  WriteRegStr HKCU "${SETTINGS_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\urland.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "$(DesktopShortcut)" SectionDesktop
  SetShellVarContext current
  CreateShortcut "$DESKTOP\${APP}.lnk" "$INSTDIR\urland.exe"
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$DESKTOP\${APP}.lnk"
  ; only what setup put here: the player's files live elsewhere ($LOCALAPPDATA\Urland)
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\urland.exe"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "${SETTINGS_KEY}"
  DetailPrint "$(KeptFiles)"
  MessageBox MB_OK|MB_ICONINFORMATION "$(KeptFiles)" /SD IDOK
SectionEnd
