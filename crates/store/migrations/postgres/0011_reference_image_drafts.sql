-- Chat attachments uploaded for a message that was never sent ("drafts") are capped per
-- campaign and removed after a day; `sent_at` marks the ones a sent message carries (PostgreSQL).
-- Kept column-for-column equal to migrations/sqlite.

ALTER TABLE reference_images ADD COLUMN sent_at TIMESTAMPTZ;
-- Attachments stored before drafts were tracked are treated as sent: nothing existing is removed.
UPDATE reference_images SET sent_at = created_at WHERE message_id IS NOT NULL;
CREATE INDEX reference_images_drafts ON reference_images (created_at) WHERE message_id IS NOT NULL AND sent_at IS NULL;
-- Per-user upload quota sums.
CREATE INDEX reference_images_user_id ON reference_images (user_id);
