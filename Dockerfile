# syntax=docker/dockerfile:1
# Mohar's production image: one server process per container (API, websockets and the built web app on $PORT).
# Build: docker build -t mohar .        Run several behind a proxy: compose.yaml; configuration: docs/deploy.md.
# The Node version is the one the project pins (package.json's "node" devDependency).
ARG NODE_VERSION=24.21.0

# ── 1. The production web build (apps/web/dist), made here from the sources ───────────────────────────────────────
FROM node:${NODE_VERSION}-bookworm-slim AS web
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/web/package.json apps/web/
COPY apps/server/package.json apps/server/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Only what the web build needs: the web app's and the contracts' packages (not the test and bench tools).
RUN npm ci --no-audit --no-fund --workspace @mohar/web --workspace @mohar/contracts
COPY tsconfig.base.json tsconfig.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY scripts/build-web.ts scripts/web-build.ts scripts/
# Node 24 runs the build script's TypeScript itself; the build is always production mode.
RUN node scripts/build-web.ts --force

# ── 2. Runtime dependencies only: the server's and the contracts' (no dev, no web packages) ─────────────────────────
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/web/package.json apps/web/
COPY apps/server/package.json apps/server/
COPY packages/contracts/package.json packages/contracts/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# A package npm had to nest under a workspace (a version conflict) would sit in that workspace's own node_modules:
# both folders exist either way, so the copy below takes them.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @mohar/server --workspace @mohar/contracts \
  && mkdir -p apps/server/node_modules packages/contracts/node_modules \
  && npm cache clean --force

# ── 3. The image ──────────────────────────────────────────────────────────────────────────────────────────────────
FROM node:${NODE_VERSION}-bookworm-slim
# tini: PID 1 that passes SIGTERM on to Node and reaps the migration child. fontconfig + the Noto Sans files the repo
# ships: the notary's seal is drawn as SVG by sharp (librsvg), which takes its fonts from the system (seal.ts), and the
# names in a recording's composed view are laid out by sharp's Pango from them (name-label.ts, decision 0089).
# ffmpeg: the composed view of session recordings (decision 0084).
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini fontconfig ffmpeg \
  && rm -rf /var/lib/apt/lists/*
COPY apps/server/assets/fonts/*.ttf /usr/local/share/fonts/mohar/
RUN fc-cache -f

# GLIBC_TUNABLES: as npm start sets it for the server (apps/server/src/server-process.ts, decision 0019).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/mohar \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts packages/contracts
COPY apps/server apps/server
COPY --from=deps /app/apps/server/node_modules apps/server/node_modules
COPY --from=deps /app/packages/contracts/node_modules packages/contracts/node_modules
COPY --from=web /app/apps/web/dist apps/web/dist
# The node image's unprivileged user owns only the data folder (local files, generated secrets when not configured).
RUN mkdir -p /var/lib/mohar && chown node:node /var/lib/mohar
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The same command `npm start` runs for the server (scripts/start.ts) and the two-process test starts
# (apps/server/src/testing/server-processes.ts): migrations and the key check in a child, then it listens.
CMD ["node", "--max-semi-space-size=4", "apps/server/src/main.ts"]
