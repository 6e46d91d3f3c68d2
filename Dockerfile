# The shop's production image (docs/deployment.md): the compiled server (apps/server/dist/main.js, decision 0700),
# the built web app it serves, and the server's production dependencies only. Runs as the unprivileged `node` user.
#
#   docker build -t takeaway-shop .
#   docker run -p 3000:3000 -v shop-data:/data -e ADMIN_PASSWORD=... -e SMTP_URL=smtp://... -e PAYMENTS=cash-only \
#     takeaway-shop                                                                          # PGlite in /data
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e PUBLIC_ORIGIN=https://shop.example.com -e ADMIN_PASSWORD=... \
#     -e SMTP_URL=smtp://... -e STRIPE_SECRET_KEY=sk_live_... -e STRIPE_PUBLISHABLE_KEY=pk_live_... \
#     -e STRIPE_WEBHOOK_SECRET=whsec_... takeaway-shop
#
# NODE_ENV=production (below) starts only with a mail server, a real way to take payment and, at the first start,
# ADMIN_PASSWORD (decision 0702).
#
# compose.yaml runs two of these behind nginx on PostgreSQL 15. Built with BuildKit (Docker 23 and later by default;
# `DOCKER_BUILDKIT=1` before that) for the npm cache mounts.
# Node 24 LTS (decision 1102; Node 20 left support in April 2026). package.json's engines still admit 20.19 and later,
# and CI runs the server's API suite under both. Its native parts (sharp's libvips, @node-rs/argon2, PGlite's
# WebAssembly) are the same packages on either.
ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, then `npm run build` (web app by Vite, server bundled by esbuild) -----------------
# The web build includes the storefront's server renderer, apps/web/dist/.ssr (decision 1100): one bundle with React
# and MUI inside, so the runtime stage below needs none of the web app's dependencies for it either.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: the server's production dependencies and the two builds ---------------------------------------
FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX=2 (decision 1102): glibc gives each thread that allocates a malloc arena of its own and keeps
# what was touched in it; the first start draws the menu's pictures on libvips' worker threads, each with a
# fontconfig thread, which left about 25 MB behind in theirs. Two arenas are plenty for one event loop.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# The menu's seeded pictures write their titles in an SVG <text> that sharp (librsvg) draws with fontconfig's
# fonts: a slim image has none, and every letter came out as an empty box. DejaVu Sans answers for "Helvetica,
# Arial, sans-serif" (about 3 MB with fontconfig).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
 && apt-get clean && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# Only apps/server's dependencies (not the web app's, which are inside its build), installed here rather than
# copied from the build stage, so that the native packages are those of this image's platform: sharp's
# @img/sharp-linux-<arch> with its libvips, and @node-rs/argon2's linux-<arch>-gnu binary (glibc: Debian, not
# Alpine). @shop/shared is inside the server bundle.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace apps/server --no-audit --no-fund
# The server finds the web app at ../../web/dist from its own file, and its migrations beside it.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database (when DATABASE_URL is not set) is the only thing the server writes to disk.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# /api/health answers 200 when the process and its database answer, 503 otherwise. The first start of an empty
# database migrates and seeds (drawing the menu's pictures) before it listens, hence the start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as the command (not npm), so SIGTERM reaches the shop: it stops taking connections, lets the requests
# being answered finish (up to 10 s), closes the database and exits 0. Give it that long: `docker stop -t 30`.
STOPSIGNAL SIGTERM
# --liftoff-only (decision 1102): V8 compiles PGlite's WebAssembly once with its baseline compiler and never
# recompiles the hot parts with TurboFan, whose compilations took the embedded shop to 860 MB under Node 24 (and cost
# more CPU than they saved in a shop's queries). PGlite is the shop's only WebAssembly.
# --max-semi-space-size=4 (decision 1102): Node 24's V8 sizes the young generation from the heap limit, 64 MB
# semi-spaces on a machine with a few GB (Node 20: 16 MB), and kept about 90 MB of it resident in an idle shop. 4 MB
# semi-spaces cost no measurable CPU in the shop's requests.
CMD ["node", "--liftoff-only", "--max-semi-space-size=4", "--enable-source-maps", "apps/server/dist/main.js"]
