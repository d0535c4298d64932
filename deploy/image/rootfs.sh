#!/bin/sh
# Lays out the agent image's file tree (the image profile of deploy/image/pom.xml runs it; Jib packs
# the tree): a jlink'd Java runtime, showdown's CLI jar, the Java targets that are built, the C
# libraries the runtime and Netty's native code link against, and, when the build machine has
# Debian's busybox-static, a shell with kill and taskset for the server agent's process control.
#   usage: rootfs.sh JAVA_HOME SHOWDOWN_HOME OUT
set -eu
java_home=$1
home=$2
out=$3

# What jdeps --print-module-deps reports for the CLI jar.
modules=java.base,java.compiler,java.desktop,java.naming,java.rmi,java.security.jgss,java.sql,jdk.jfr,jdk.management,jdk.unsupported

cli_jar="$home/cli/target/showdown.jar"
[ -f "$cli_jar" ] || { echo "rootfs: no $cli_jar (build the CLI first)" >&2; exit 2; }

rm -rf "$out"
mkdir -p "$out/opt/showdown/cli/target" "$out/tmp" "$out/etc" "$out/home/agent"

"$java_home/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --compress zip-6 --output "$out/opt/java"

# The agent runs headless: no X11 windows, no sound, no splash screen (and none of their libraries).
rm -f "$out"/opt/java/lib/libawt_xawt.so "$out"/opt/java/lib/libjsound.so "$out"/opt/java/lib/libsplashscreen.so

cp "$cli_jar" "$out/opt/showdown/cli/target/showdown.jar"
cp -r "$home/scenarios" "$out/opt/showdown/scenarios"

# The Java targets that are built: their manifest and the jar it names as output.
built=0
for manifest in "$home"/targets/java/*/target.yaml; do
  dir=${manifest%/target.yaml}
  name=${dir##*/}
  output=$(sed -n 's/^  output: *//p' "$manifest" | head -n 1)
  [ -n "$output" ] && [ -f "$dir/$output" ] || continue
  mkdir -p "$out/opt/showdown/targets/java/$name/$(dirname "$output")"
  cp "$manifest" "$out/opt/showdown/targets/java/$name/"
  cp "$dir/$output" "$out/opt/showdown/targets/java/$name/$output"
  built=$((built + 1))
done
echo "rootfs: $built Java target(s) built and copied"

# The shared libraries every ELF file of the runtime, and Netty's native libraries, need.
natives=$(mktemp -d)
trap 'rm -rf "$natives"' EXIT
(cd "$natives" && "$java_home/bin/jar" xf "$cli_jar" META-INF/native 2>/dev/null || true)
libs=$( { find "$out/opt/java" -type f \( -name '*.so' -o -path '*/bin/*' \); find "$natives" -name '*.so'; } |
  while read -r f; do ldd "$f" 2>/dev/null || true; done |
  sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p' | sort -u)
for lib in $libs; do
  case "$lib" in "$out"/*|"$natives"/*) continue ;; esac
  mkdir -p "$out$(dirname "$lib")"
  cp -L "$lib" "$out$lib"
done

if [ -x /bin/busybox ] && ! ldd /bin/busybox >/dev/null 2>&1; then
  mkdir -p "$out/bin"
  # Jib copies the file a link points to, so each name is a copy: keep to the three the agent calls
  for applet in sh kill taskset; do
    cp /bin/busybox "$out/bin/$applet"
  done
  echo "rootfs: busybox (static) gives sh, kill, taskset"
else
  echo "rootfs: no static /bin/busybox (Debian's busybox-static): the server agent has no kill or taskset" >&2
fi

printf 'root:x:0:0:root:/root:/sbin/nologin\nagent:x:65532:65532:showdown agent:/home/agent:/sbin/nologin\n' >"$out/etc/passwd"
printf 'root:x:0:\nagent:x:65532:\n' >"$out/etc/group"
