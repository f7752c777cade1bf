//! Property test over hostile chat input: any message (control characters, any script, very
//! long words, markup) and any earlier conversation get an answer from the built-in assistant
//! with text in it — never a panic. `PROPTEST_CASES` bounds the run (256 by default).

use ai::builtin::BuiltinAssistant;
use ai::{AssistantRequest, Role, Turn};
use domain::Settings;
use proptest::prelude::*;

fn message() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,300}",
        "[a-z ]{0,40}(jar|bottle|sneakers|candle)[a-z ,.!?]{0,80}",
        "(\\PC|[\\x00-\\x1f]){0,120}",
        "[a-zA-Z]{200,600}",
    ]
}

proptest! {
    #[test]
    fn every_message_gets_an_answer(
        earlier in prop::collection::vec(message(), 0..4),
        text in message(),
    ) {
        let mut history = Vec::new();
        for turn in &earlier {
            let reply = BuiltinAssistant.respond(&AssistantRequest {
                message: turn.clone(),
                history: history.clone(),
                style: None,
                reference_images: Vec::new(),
                settings: Settings::default(),
                feedback: None,
                latest_picture: false,
            });
            history.push(Turn { role: Role::User, content: turn.clone(), structured: None });
            history.push(Turn {
                role: Role::Assistant,
                content: reply.content,
                structured: Some(reply.structured),
            });
        }
        let reply = BuiltinAssistant.respond(&AssistantRequest {
            message: text,
            history,
            style: None,
            reference_images: Vec::new(),
            settings: Settings::default(),
            feedback: None,
            latest_picture: false,
        });
        prop_assert!(!reply.content.trim().is_empty());
    }
}
