; The Windows setup program of Urland, made on Linux by `make dist-windows` (packaging/build_windows.py):
;     makensis -DVERSION=0.1.0 -DPROGRAM_DIR=dist/windows/urland -DICON=urland.ico -DOUTFILE=setup.exe \
;              -DLICENCES=licences.txt -DWELCOME_BMP=welcome.bmp -DHEADER_BMP=header.bmp installer.nsi
; Its pages: welcome, the third-party licences, folder, components, installing, finish; the texts
; of every page are in texts.nsh, in the tone the game speaks in every language.
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
VIAddVersionKey /LANG=0 "LegalCopyright" "© the Urland authors"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
; the game's own art (packaging/installer_art.py, drawn at build time from assets/sprites)
!define MUI_WELCOMEFINISHPAGE_BITMAP "${WELCOME_BMP}"
!define MUI_UNWELCOMEFINISHPAGE_BITMAP "${WELCOME_BMP}"
!define MUI_HEADERIMAGE
!define MUI_HEADERIMAGE_RIGHT
!define MUI_HEADERIMAGE_BITMAP "${HEADER_BMP}"
!define MUI_HEADERIMAGE_UNBITMAP "${HEADER_BMP}"
!define MUI_ABORTWARNING
!define MUI_ABORTWARNING_TEXT "$(StopInstalling)"
!define MUI_COMPONENTSPAGE_NODESC

Caption "$(Caption)"
UninstallCaption "$(UninstallCaption)"

!define MUI_WELCOMEPAGE_TITLE "$(WelcomeTitle)"
!define MUI_WELCOMEPAGE_TEXT "$(WelcomeText)"
!insertmacro MUI_PAGE_WELCOME

; the licences of what the program is built with: read, nothing to accept (packaging/licenses.py)
!define MUI_PAGE_HEADER_TEXT "$(LicenceTitle)"
!define MUI_PAGE_HEADER_SUBTEXT "$(LicenceSubtitle)"
!define MUI_LICENSEPAGE_TEXT_TOP "$(LicenceTop)"
!define MUI_LICENSEPAGE_TEXT_BOTTOM "$(LicenceBottom)"
!define MUI_LICENSEPAGE_BUTTON "$(^NextBtn)"
!insertmacro MUI_PAGE_LICENSE "${LICENCES}"

!define MUI_PAGE_HEADER_TEXT "$(FolderTitle)"
!define MUI_PAGE_HEADER_SUBTEXT "$(FolderSubtitle)"
!define MUI_DIRECTORYPAGE_TEXT_TOP "$(FolderTop)"
!insertmacro MUI_PAGE_DIRECTORY

!define MUI_PAGE_HEADER_TEXT "$(PartsTitle)"
!define MUI_PAGE_HEADER_SUBTEXT "$(PartsSubtitle)"
!define MUI_COMPONENTSPAGE_TEXT_TOP "$(PartsTop)"
!define MUI_COMPONENTSPAGE_TEXT_COMPLIST "$(PartsList)"
!insertmacro MUI_PAGE_COMPONENTS

!define MUI_PAGE_HEADER_TEXT "$(InstallingTitle)"
!define MUI_PAGE_HEADER_SUBTEXT "$(InstallingSubtitle)"
!insertmacro MUI_PAGE_INSTFILES

!define MUI_FINISHPAGE_TITLE "$(FinishTitle)"
!define MUI_FINISHPAGE_TEXT "$(FinishText)"
!define MUI_FINISHPAGE_RUN "$INSTDIR\urland.exe"
!define MUI_FINISHPAGE_RUN_TEXT "$(PlayNow)"
!insertmacro MUI_PAGE_FINISH

!define MUI_PAGE_HEADER_TEXT "$(RemoveTitle)"
!define MUI_PAGE_HEADER_SUBTEXT "$(RemoveSubtitle)"
!define MUI_UNCONFIRMPAGE_TEXT_TOP "$(RemoveTop)"
!insertmacro MUI_UNPAGE_CONFIRM
!define MUI_PAGE_HEADER_TEXT "$(RemovingTitle)"
!define MUI_PAGE_HEADER_SUBTEXT "$(RemovingSubtitle)"
!define MUI_INSTFILESPAGE_FINISHHEADER_TEXT "$(RemovedTitle)"
!define MUI_INSTFILESPAGE_FINISHHEADER_SUBTEXT "$(RemovedSubtitle)"
!insertmacro MUI_UNPAGE_INSTFILES

; The first is the fallback; otherwise Windows' display language picks one.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "Italian"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "Dutch"

!include "${__FILEDIR__}/texts.nsh"

Section "${APP}" SectionProgram
  SectionIn RO
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  ; an older version's libraries never linger beside the new ones (0.1.0 had them in _internal)
  RMDir /r "$INSTDIR\_internal"
  RMDir /r "$INSTDIR\program"
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
  RMDir /r "$INSTDIR\program"
  Delete "$INSTDIR\urland.exe"
  Delete "$INSTDIR\THIRD-PARTY-LICENSES.txt"
  Delete "$INSTDIR\README.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "${SETTINGS_KEY}"
  DetailPrint "$(KeptFiles)"
SectionEnd

; said once the uninstaller's progress bar is full, not over it
Function un.onUninstSuccess
  MessageBox MB_OK|MB_ICONINFORMATION "$(KeptFiles)" /SD IDOK
FunctionEnd
