//! How long a generation is likely to take: the median of what the latest ones of the same
//! kind and engine took, from request to result.

use std::collections::BTreeMap;

use domain::JobKind;

use crate::error::ApiResult;
use crate::state::AppState;

/// How many of the latest completed generations of a kind and engine an estimate looks at.
pub const RECENT_JOBS: i64 = 50;

/// The expected time of one kind of generation on one engine.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub kind: JobKind,
    /// Made by a hosted model (else the studio's own engine).
    pub hosted: bool,
    /// The median, in seconds.
    pub seconds: f64,
    /// How many generations it was taken from.
    pub samples: usize,
}

/// One estimate per kind and engine that has completed at least once.
pub async fn recent(state: &AppState) -> ApiResult<Vec<Estimate>> {
    let rows = state.store.recent_durations(RECENT_JOBS).await?;
    let mut groups: BTreeMap<(&'static str, bool), (JobKind, Vec<f64>)> = BTreeMap::new();
    for row in rows {
        groups
            .entry((row.kind.as_str(), row.hosted))
            .or_insert_with(|| (row.kind, Vec::new()))
            .1
            .push(row.seconds);
    }
    Ok(groups
        .into_iter()
        .map(|((_, hosted), (kind, mut seconds))| Estimate {
            kind,
            hosted,
            samples: seconds.len(),
            seconds: median(&mut seconds),
        })
        .collect())
}

/// The middle value (the mean of the two middle ones for an even count); 0 for none. A median
/// rather than a mean, so one generation that waited behind a long queue does not skew it.
fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len() % 2 == 1 {
        values[middle]
    } else {
        (values[middle - 1] + values[middle]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn median_is_the_middle_value_whatever_the_order() {
        assert_eq!(median(&mut []), 0.0);
        assert_eq!(median(&mut [3.0]), 3.0);
        assert_eq!(median(&mut [9.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 120.0, 2.0]), 3.0);
    }
}
