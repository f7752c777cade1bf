//! Progress reporting and cancellation for long engine operations.

/// Returned by [`Progress::report`] when the caller wants the operation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// Receives `(stage, fraction)` updates; `fraction` is in 0.0..=1.0 for the whole
/// operation. Returning `Err(Cancelled)` stops the operation at its next check.
pub trait Progress {
    fn report(&mut self, stage: &str, fraction: f32) -> Result<(), Cancelled>;
}

impl<F: FnMut(&str, f32) -> Result<(), Cancelled>> Progress for F {
    fn report(&mut self, stage: &str, fraction: f32) -> Result<(), Cancelled> {
        self(stage, fraction)
    }
}

/// A progress sink that ignores updates and never cancels.
pub struct NoProgress;

impl Progress for NoProgress {
    fn report(&mut self, _stage: &str, _fraction: f32) -> Result<(), Cancelled> {
        Ok(())
    }
}

/// Maps a sub-operation's 0..1 progress into a slice `[start, end]` of the parent's.
pub struct SubProgress<'a> {
    parent: &'a mut dyn Progress,
    start: f32,
    end: f32,
}

impl<'a> SubProgress<'a> {
    pub fn new(parent: &'a mut dyn Progress, start: f32, end: f32) -> Self {
        Self { parent, start, end }
    }
}

impl Progress for SubProgress<'_> {
    fn report(&mut self, stage: &str, fraction: f32) -> Result<(), Cancelled> {
        let f = self.start + (self.end - self.start) * fraction.clamp(0.0, 1.0);
        self.parent.report(stage, f)
    }
}
