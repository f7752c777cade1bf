-- Each product photo's stored cutout: the mask (8-bit grey PNG, the photo's size), the photo
-- with that mask as its alpha (what every engine stages), how far the mask can be trusted,
-- who made it and the seller's corrections (SQLite). Kept column-for-column equal to
-- migrations/postgres. The object keys change with every save, so a job reading the
-- previous cutout never reads a half-written one.
CREATE TABLE reference_image_cutouts (
    reference_image_id BLOB PRIMARY KEY NOT NULL REFERENCES reference_images (id) ON DELETE CASCADE,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    version BLOB NOT NULL,
    mask_key TEXT NOT NULL,
    product_key TEXT NOT NULL,
    confidence DOUBLE PRECISION NOT NULL,
    source TEXT NOT NULL,
    hints TEXT,
    updated_at TEXT NOT NULL
);
