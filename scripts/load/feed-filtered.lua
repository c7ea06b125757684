-- The deck as people who each saved a deck filter (FILTERED_TOKENS, from the prelude): feed.lua's requests, which
-- name no filter, so the server deals within each person's saved one, as the apps ask. Runs before feed.lua.
TOKENS = FILTERED_TOKENS
