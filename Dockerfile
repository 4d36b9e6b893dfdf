# One image, two entry points (api and worker). Node 24 LTS.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY index-templates ./index-templates
COPY package.json ./
USER node
EXPOSE 8080
# API_NODE_FLAGS (src/main/node-flags.ts says why).
CMD ["node", "--max-semi-space-size=16", "--initial-old-space-size=256", "dist/main/api.js"]
