#!/bin/sh
# Renders deploy/nginx.conf.template to standard output. With no variables set, the values below: the layout of
# deploy/nginx.conf (a compose service `shop` on port 3000, as many replicas as it has; nginx resolves the name to
# every replica's address when it starts). Regenerate after editing the template:
#   sh deploy/render-nginx-conf.sh > deploy/nginx.conf
# Two processes on this machine instead:
#   SHOP_UPSTREAMS='server 127.0.0.1:3001 max_fails=3 fail_timeout=10s; server 127.0.0.1:3002 max_fails=3 fail_timeout=10s;' \
#     sh deploy/render-nginx-conf.sh > /etc/nginx/conf.d/shop.conf
set -eu
export SHOP_LISTEN="${SHOP_LISTEN:-80}"
export SHOP_SERVER_NAME="${SHOP_SERVER_NAME:-_}"
export SHOP_UPSTREAMS="${SHOP_UPSTREAMS:-server shop:3000 max_fails=3 fail_timeout=10s;}"
export SHOP_ACCESS_LOG="${SHOP_ACCESS_LOG:-/var/log/nginx/access.log}"
export SHOP_CACHE_DIR="${SHOP_CACHE_DIR:-/var/cache/nginx-shop}"
# Only these five: nginx's own $variables stay as they are.
exec envsubst '${SHOP_LISTEN} ${SHOP_SERVER_NAME} ${SHOP_UPSTREAMS} ${SHOP_ACCESS_LOG} ${SHOP_CACHE_DIR}' < "$(dirname "$0")/nginx.conf.template"
