//! Credit pricing: 1 credit per image, template, recommendation, edit
//! and audio; a video costs its duration in seconds rounded up (default 5).

/// What a generation job produces, as far as pricing is concerned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Priced {
    Image,
    Template,
    Recommendation,
    Edit,
    Audio,
    /// A video of this many seconds; `None` means the default duration.
    Video(Option<f64>),
}

pub const DEFAULT_VIDEO_SECONDS: u32 = 5;

/// Credits granted to every new account.
pub const SIGNUP_GRANT: i64 = 100;

pub fn price(what: Priced) -> i64 {
    match what {
        Priced::Video(seconds) => match seconds {
            Some(s) if s.is_finite() && s > 0.0 => s.ceil() as i64,
            _ => i64::from(DEFAULT_VIDEO_SECONDS),
        },
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_follow_the_spec() {
        assert_eq!(price(Priced::Image), 1);
        assert_eq!(price(Priced::Edit), 1);
        assert_eq!(price(Priced::Video(None)), 5);
        assert_eq!(price(Priced::Video(Some(10.0))), 10);
        assert_eq!(price(Priced::Video(Some(4.2))), 5);
        assert_eq!(price(Priced::Video(Some(f64::NAN))), 5);
    }
}
