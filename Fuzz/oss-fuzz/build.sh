#!/bin/bash -eu
# OSS-Fuzz's projects/notification-body/build.sh: the repository's own build,
# the one ClusterFuzzLite runs too.
exec "$SRC/notification-body/.clusterfuzzlite/build.sh" "$@"
