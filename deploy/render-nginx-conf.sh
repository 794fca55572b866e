#!/bin/sh
# The nginx container's start: fills deploy/nginx.conf.template's placeholders as scripts/cluster.mjs
# does (UPSTREAMS: space-separated host:port of the app containers), then runs nginx in the foreground.
set -eu
run_dir=/tmp/nginx
mkdir -p "$run_dir"
upstreams=""
for upstream in $UPSTREAMS; do
  upstreams="$upstreams    server $upstream max_fails=1 fail_timeout=5s;\n"
done
sed -e "s|{{PORT}}|${PORT:-80}|g" -e "s|{{RUN_DIR}}|$run_dir|g" -e "s|{{UPSTREAMS}}|$upstreams|" \
  /etc/nginx/storefront.conf.template >"$run_dir/nginx.conf"
exec nginx -c "$run_dir/nginx.conf" -p "$run_dir"
