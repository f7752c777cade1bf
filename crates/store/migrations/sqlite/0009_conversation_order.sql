-- A long conversation reads a page without sorting it and its size without counting it
-- (SQLite). Kept equal to migrations/postgres.
-- The index is in the page's order (newest first, the id breaking ties), so a page is read
-- straight from it; it replaces the one on (scene_id, created_at).
DROP INDEX messages_scene_id;
CREATE INDEX messages_scene_id ON messages (scene_id, created_at, id);

-- The number of messages in the scene's conversation, kept by each message insert in the
-- insert's own transaction; messages leave a scene only with the scene itself.
ALTER TABLE scenes ADD COLUMN message_count BIGINT NOT NULL DEFAULT 0;
UPDATE scenes SET message_count = (
    SELECT COUNT(*) FROM messages WHERE messages.scene_id = scenes.id
);
