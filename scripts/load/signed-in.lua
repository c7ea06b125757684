-- Run before a scenario's script: its requests carry the people's tokens (round-robin), so every repository in an
-- answer also says where it stands with that person (`viewer`).
SIGNED_IN = true
