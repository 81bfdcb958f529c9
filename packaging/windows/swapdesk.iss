; swapdesk's Windows installer (Inno Setup 6), compiled by `python scripts/bundle.py --target windows`:
;   ISCC /DAppVersion=<version> /DSourceDir=<PyInstaller's swapdesk folder> /DOutputDir=<dist> swapdesk.iss
; Per-user by default (no administrator needed; the dialog offers all users), a Start menu entry, an optional
; desktop icon, and `swapdesk` on the user's PATH for the command line. Written and reviewed, not run here: it runs
; on GitHub's hosted windows-latest runner (.github/workflows/bundle.yml), which also installs and uninstalls it.

; ArchitecturesAllowed=x64compatible is Inno Setup 6.3's; an older compiler would stop on it with less to go on
#if VER < EncodeVer(6, 3, 0)
  #error Inno Setup 6.3 or later is needed
#endif
#ifndef AppVersion
  #error Pass /DAppVersion=<version> (swapdesk.__version__)
#endif
#ifndef SourceDir
  #error Pass /DSourceDir=<the one-folder build>
#endif
#ifndef OutputDir
  #define OutputDir "."
#endif

[Setup]
; the AppId stays the same across versions: it is how an upgrade finds the installed copy
AppId={{6E0C7C5B-1F0B-4E7A-9B5E-5D2A8C6B3F41}
AppName=swapdesk
AppVersion={#AppVersion}
AppPublisher=swapdesk maintainers
DefaultDirName={autopf}\swapdesk
DefaultGroupName=swapdesk
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=swapdesk-{#AppVersion}-windows-x86_64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
UninstallDisplayIcon={app}\swapdesk.exe
ChangesEnvironment=yes

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "addtopath"; Description: "Put swapdesk on the PATH (the command line: swapdesk quote ...)"; Flags: unchecked

[InstallDelete]
; an upgrade starts from an empty _internal (PyInstaller's contents folder): what the old version had and the new
; one dropped would otherwise stay, and Qt loads every plugin it finds in its plugins folder, an old one included
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\swapdesk"; Filename: "{app}\swapdesk.exe"
Name: "{group}\Uninstall swapdesk"; Filename: "{uninstallexe}"
Name: "{autodesktop}\swapdesk"; Filename: "{app}\swapdesk.exe"; Tasks: desktopicon

[Registry]
; the user's PATH (HKCU, or HKLM for an all-users install), appended once
Root: HKA; Subkey: "{code:EnvironmentKey}"; ValueType: expandsz; ValueName: "Path"; \
  ValueData: "{olddata};{app}"; Tasks: addtopath; Check: NotOnPath(ExpandConstant('{app}'))

[Run]
Filename: "{app}\swapdesk.exe"; Description: "{cm:LaunchProgram,swapdesk}"; Flags: nowait postinstall skipifsilent

[Code]
function EnvironmentKey(Param: String): String;
begin
  if IsAdminInstallMode then
    Result := 'SYSTEM\CurrentControlSet\Control\Session Manager\Environment'
  else
    Result := 'Environment';
end;

function NotOnPath(Dir: String): Boolean;
var
  Current: String;
begin
  if not RegQueryStringValue(HKA, EnvironmentKey(''), 'Path', Current) then
    Current := '';
  Result := Pos(';' + Uppercase(Dir) + ';', ';' + Uppercase(Current) + ';') = 0;
end;

// what the install appended to the PATH goes with the app (only that entry: the rest is the user's)
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  Current, Dir: String;
  At: Integer;
begin
  if CurUninstallStep <> usPostUninstall then
    exit;
  if not RegQueryStringValue(HKA, EnvironmentKey(''), 'Path', Current) then
    exit;
  Dir := ExpandConstant('{app}');
  Current := ';' + Current + ';';
  At := Pos(';' + Uppercase(Dir) + ';', Uppercase(Current));
  if At = 0 then
    exit;
  Delete(Current, At, Length(Dir) + 1);
  Current := Copy(Current, 2, Length(Current) - 2);
  RegWriteExpandStringValue(HKA, EnvironmentKey(''), 'Path', Current);
end;
