use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Pictures up to this many pixels (a 2000×2000 photo) decode in their own places, so a
/// small upload never waits behind huge decodes; their memory stays bounded (16 MB each).
const SMALL_PICTURE_PIXELS: u64 = 4_000_000;

/// Bounds how many pictures are decoded at once, so many uploads cannot exhaust memory:
/// one place per core for large pictures and as many again for small ones.
#[derive(Debug, Clone)]
pub struct ImageWork {
    large: Arc<Semaphore>,
    small: Arc<Semaphore>,
}

impl ImageWork {
    pub fn new(cores: usize) -> Self {
        Self {
            large: Arc::new(Semaphore::new(cores)),
            small: Arc::new(Semaphore::new(cores)),
        }
    }

    /// Waits for a place to decode a `width`×`height` picture.
    pub async fn place(&self, width: u32, height: u32) -> OwnedSemaphorePermit {
        let slots = if u64::from(width) * u64::from(height) <= SMALL_PICTURE_PIXELS {
            &self.small
        } else {
            &self.large
        };
        // The semaphores are never closed, so acquiring cannot fail.
        slots
            .clone()
            .acquire_owned()
            .await
            .expect("image work semaphores are never closed")
    }
}

#[cfg(test)]
mod tests {
    use futures::FutureExt;

    use super::*;

    #[tokio::test]
    async fn a_small_picture_gets_a_place_while_large_ones_take_every_large_place() {
        let work = ImageWork::new(2);
        let _large = (work.place(4096, 4096).await, work.place(8000, 1000).await);
        assert!(
            work.place(4096, 4096).now_or_never().is_none(),
            "a third large picture waits"
        );
        assert!(
            work.place(32, 32).now_or_never().is_some(),
            "a small picture does not wait behind large ones"
        );
        assert!(work.place(2000, 2000).now_or_never().is_some());
    }
}
