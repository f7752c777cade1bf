//! Why a job failed, in the closed set of reasons a user is told. The internal detail (a
//! storage or database error, a crashed task) never goes here: it is logged with the job id.

/// A failed job's reason for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobFailure {
    /// The provider refused the content, with its reason when it gave one.
    Refused(Option<String>),
    /// Something the job uses (an image, a template, a message) was deleted before it ran.
    InputMissing,
    /// An image the job uses could not be read.
    InputUnreadable,
    /// The result was made but could not be saved.
    OutputNotStored,
    /// The provider stayed busy or too slow through every attempt.
    TimedOut,
    /// The worker running the job stopped before it finished.
    Interrupted,
    /// The provider cancelled the job before it finished.
    Cancelled,
    /// The user cancelled the job themselves.
    CancelledByUser,
    /// Anything else; the log has the detail.
    Internal,
}

impl JobFailure {
    /// The text stored as the job's error and shown to the user; `refunded` says the job's
    /// credits came back (free jobs, like chat answers, have none to refund).
    pub fn message(&self, refunded: bool) -> String {
        let reason = match self {
            JobFailure::Refused(Some(why)) => {
                format!("The request was refused: {why}. Change the prompt and try again.")
            }
            JobFailure::Refused(None) => {
                "The request was refused by the content policy. Change the prompt and try again."
                    .to_owned()
            }
            JobFailure::InputMissing => {
                "Something this generation uses (an image or a template) was deleted before it ran."
                    .to_owned()
            }
            JobFailure::InputUnreadable => {
                "An image this generation uses could not be read. Upload it again and retry."
                    .to_owned()
            }
            JobFailure::OutputNotStored => {
                "The result could not be saved. Try again in a moment.".to_owned()
            }
            JobFailure::TimedOut => {
                "The generator was too busy to finish. Try again in a moment.".to_owned()
            }
            JobFailure::Interrupted => "The worker running this job stopped.".to_owned(),
            JobFailure::Cancelled => "The job was cancelled.".to_owned(),
            JobFailure::CancelledByUser => "You cancelled this generation.".to_owned(),
            JobFailure::Internal => "Generation failed.".to_owned(),
        };
        if refunded {
            format!("{reason} Your credits were refunded.")
        } else {
            reason
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_happened_and_the_refund() {
        assert_eq!(
            JobFailure::Internal.message(true),
            "Generation failed. Your credits were refunded."
        );
        assert_eq!(
            JobFailure::Interrupted.message(true),
            "The worker running this job stopped. Your credits were refunded."
        );
        assert_eq!(
            JobFailure::Refused(Some("a brand logo".into())).message(false),
            "The request was refused: a brand logo. Change the prompt and try again."
        );
    }
}
