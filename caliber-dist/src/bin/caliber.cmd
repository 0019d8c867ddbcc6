@echo off
rem caliber launcher of the release archive for Windows: runs lib\caliber.jar with the JVM options
rem of bin/caliber (which says why each is there). No class-data archive is trained.
rem Java: %JAVA_HOME%\bin\java.exe if JAVA_HOME is set, else the first java on PATH (Java 17 or later).
rem CALIBER_JAVA_OPTS comes last and overrides. The arguments are passed on as typed, the working
rem directory is the caller's, and the exit code is caliber's.
rem Not run by the build (it runs on Linux): the archive's test checks only that this file is there
rem and names lib\caliber.jar. A symbolic link to this file is not followed: call it from bin\ or
rem put bin\ on PATH.
setlocal
set "CALIBER_HOME=%~dp0.."
set "JAVA_EXE=java"
if defined JAVA_HOME set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
"%JAVA_EXE%" -Xlog:disable -Xlog:all=warning:stderr -XX:+UseSerialGC -Xms64m -Xmn12m -XX:TieredStopAtLevel=1 -XX:Tier3InvocationThreshold=1000 -XX:-UsePerfData %CALIBER_JAVA_OPTS% -jar "%CALIBER_HOME%\lib\caliber.jar" %*
exit /b %ERRORLEVEL%
