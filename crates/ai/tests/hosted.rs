//! The hosted assistant against a local mock of an OpenAI-compatible endpoint: the requests
//! we send, realistic answers, and every way the endpoint can fail (the built-in assistant
//! then answers, and says so).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use ai::hosted::{HostedAssistant, HostedConfig};
use ai::{Assistant, AssistantRequest, Role, Turn};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use serde_json::{json, Value};

/// What the mock answers to each successive request.
#[derive(Clone)]
enum Reply {
    Json(Value),
    Raw(&'static str),
    Status(u16),
    Slow(Duration),
}

#[derive(Clone, Default)]
struct Mock {
    replies: Arc<Mutex<Vec<Reply>>>,
    seen: Arc<Mutex<Vec<(HeaderMap, Value)>>>,
}

async fn completions(
    State(mock): State<Mock>,
    headers: HeaderMap,
    body: axum::Json<Value>,
) -> Response {
    mock.seen.lock().unwrap().push((headers, body.0));
    let reply = {
        let mut replies = mock.replies.lock().unwrap();
        if replies.len() > 1 {
            replies.remove(0)
        } else {
            replies[0].clone()
        }
    };
    match reply {
        Reply::Json(v) => axum::Json(v).into_response(),
        Reply::Raw(text) => ([("content-type", "application/json")], text).into_response(),
        Reply::Status(code) => StatusCode::from_u16(code).unwrap().into_response(),
        Reply::Slow(wait) => {
            tokio::time::sleep(wait).await;
            axum::Json(completion(&good_answer())).into_response()
        }
    }
}

fn good_answer() -> Value {
    json!({
        "content": "Here is a cozy winter brief for your candle.",
        "refined_image_prompt": "Product photograph of a soy candle in an amber jar on a knitted throw, warm golden light, cozy bedroom, shallow depth of field.",
        "refined_video_prompt": null,
        "ready_for_image": true,
        "ready_for_video": false,
        "clarification_needed": false,
        "suggestions": ["Make it a 5-second video", "Try a snowy window", "Add pine cones"],
        "additional_comments": null
    })
}

fn completion(answer: &Value) -> Value {
    json!({
        "id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-test",
        "choices": [{"index": 0, "finish_reason": "stop",
            "message": {"role": "assistant", "content": answer.to_string(), "refusal": null}}],
    })
}

async fn mock(replies: Vec<Reply>) -> (Mock, String) {
    let mock = Mock {
        replies: Arc::new(Mutex::new(replies)),
        ..Mock::default()
    };
    let app = Router::new()
        .route("/v1/chat/completions", post(completions))
        .with_state(mock.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (mock, url)
}

fn assistant(url: &str) -> HostedAssistant {
    HostedAssistant::new(HostedConfig {
        base_url: url.to_owned(),
        api_key: Some("sk-test".into()),
        model: "gpt-test".into(),
        timeout: Duration::from_millis(800),
        retries: 2,
    })
    .unwrap()
}

fn request() -> AssistantRequest {
    AssistantRequest {
        message: "make my candle look cozy for a winter sale".into(),
        history: vec![Turn {
            role: Role::User,
            content: "I sell soy candles".into(),
            structured: None,
        }],
        ..AssistantRequest::default()
    }
}

const FALLBACK_NOTE: &str =
    "Answered by the built-in assistant because the hosted model was unavailable.";

#[tokio::test]
async fn a_good_answer_is_used_and_the_request_is_well_formed() {
    let (mock, url) = mock(vec![Reply::Json(completion(&good_answer()))]).await;
    let reply = assistant(&url).reply(&request()).await.unwrap();
    assert_eq!(
        reply.content,
        "Here is a cozy winter brief for your candle."
    );
    assert!(reply.structured.ready_for_image);
    assert!(reply
        .structured
        .refined_image_prompt
        .unwrap()
        .contains("soy candle"));
    assert_eq!(reply.structured.suggestions.len(), 3);
    assert_eq!(reply.structured.additional_comments, None);

    let seen = mock.seen.lock().unwrap();
    assert_eq!(seen.len(), 1);
    let (headers, body) = &seen[0];
    assert_eq!(headers["authorization"], "Bearer sk-test");
    assert_eq!(body["model"], "gpt-test");
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(body["response_format"]["json_schema"]["strict"], true);
    let schema = &body["response_format"]["json_schema"]["schema"];
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(schema["required"].as_array().unwrap().len(), 9);
    let messages = body["messages"].as_array().unwrap();
    assert_eq!(messages[0]["role"], "system");
    assert_eq!(
        messages[1],
        json!({"role": "user", "content": "I sell soy candles"})
    );
    let last = messages.last().unwrap()["content"].as_str().unwrap();
    assert!(
        last.ends_with("User message: make my candle look cozy for a winter sale"),
        "{last}"
    );
}

#[tokio::test]
async fn rate_limits_and_server_errors_are_retried() {
    let (mock, url) = mock(vec![
        Reply::Status(429),
        Reply::Status(503),
        Reply::Json(completion(&good_answer())),
    ])
    .await;
    let reply = assistant(&url).reply(&request()).await.unwrap();
    assert_eq!(
        reply.structured.additional_comments, None,
        "the model answered on the third attempt"
    );
    assert_eq!(mock.seen.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn failures_fall_back_to_the_built_in_assistant() {
    let refusal = json!({"choices": [{"message": {"role": "assistant", "content": null, "refusal": "I can't help with that."}}]});
    let cases: Vec<(&str, Vec<Reply>, usize)> = vec![
        ("refusal", vec![Reply::Json(refusal)], 1),
        (
            "truncated JSON",
            vec![Reply::Json(
                json!({"choices": [{"message": {"content": "{\"content\": \"Here is"}}]}),
            )],
            1,
        ),
        (
            "wrong shape",
            vec![Reply::Json(completion(&json!({"content": "hi"})))],
            1,
        ),
        ("broken body", vec![Reply::Raw("{\"choices\": [")], 3),
        ("unauthorised", vec![Reply::Status(401)], 1),
        ("always down", vec![Reply::Status(500)], 3),
        ("timeouts", vec![Reply::Slow(Duration::from_secs(3))], 3),
    ];
    for (name, replies, attempts) in cases {
        let (mock, url) = mock(replies).await;
        let reply = assistant(&url).reply(&request()).await.unwrap();
        let comments = reply
            .structured
            .additional_comments
            .clone()
            .unwrap_or_default();
        assert!(comments.contains(FALLBACK_NOTE), "{name}: {comments}");
        assert!(!reply.content.is_empty(), "{name}");
        assert_eq!(reply.structured.suggestions.len(), 3, "{name}");
        assert_eq!(mock.seen.lock().unwrap().len(), attempts, "{name}");
    }
}

#[tokio::test]
async fn answers_are_held_to_the_contract() {
    let sloppy = json!({
        "content": "  Which product is it?  ",
        "refined_image_prompt": "something", "refined_video_prompt": "  ",
        "ready_for_image": true, "ready_for_video": true, "clarification_needed": true,
        "suggestions": ["", "Upload a photo", "Describe the product", "Name the setting", "Fourth"],
        "additional_comments": ""
    });
    let (_, url) = mock(vec![Reply::Json(completion(&sloppy))]).await;
    let reply = assistant(&url).reply(&request()).await.unwrap();
    assert_eq!(reply.content, "Which product is it?");
    assert!(reply.structured.clarification_needed);
    assert_eq!(
        reply.structured.refined_image_prompt, None,
        "no prompt while clarifying"
    );
    assert!(!reply.structured.ready_for_image && !reply.structured.ready_for_video);
    assert_eq!(
        reply.structured.suggestions,
        ["Upload a photo", "Describe the product", "Name the setting"]
    );
    assert_eq!(reply.structured.additional_comments, None);
}

/// The model's brief is checked against the seller's own phrases before the reply is
/// shown: what it carries is drawn, what it dropped is named as not drawn, whole, in the
/// reply and in the structured brief.
#[tokio::test]
async fn what_the_model_dropped_is_named_as_not_drawn() {
    let mut answer = good_answer();
    answer["content"] = json!("Here is a calm brief for your vase.");
    answer["refined_image_prompt"] = json!(
        "Product photograph of a ceramic vase on a bamboo mat in a bright living room, soft daylight, clean neutral palette."
    );
    let (_mock, url) = mock(vec![Reply::Json(completion(&answer))]).await;
    let reply = assistant(&url)
        .reply(&AssistantRequest {
            message: "my vase on a bamboo mat beside a stack of magazines, snow falling outside"
                .into(),
            ..AssistantRequest::default()
        })
        .await
        .unwrap();
    let s = &reply.structured;
    assert_eq!(s.drawn, vec!["a bamboo mat".to_string()], "{s:?}");
    assert_eq!(
        s.not_drawn,
        vec![
            "a stack of magazines".to_string(),
            "snow falling outside".to_string()
        ],
        "{s:?}"
    );
    assert!(s.substituted.is_empty(), "{s:?}");
    assert_eq!(
        reply.content,
        "Here is a calm brief for your vase. The brief leaves out a stack of magazines and snow falling outside, so they are not in the picture."
    );
}

/// A model's answer to an ad request, with the ad it proposes.
fn ad_answer(ad: Value) -> Value {
    json!({
        "content": "Here's your ad.",
        "refined_image_prompt": null,
        "refined_video_prompt": null,
        "ready_for_image": false,
        "ready_for_video": false,
        "clarification_needed": false,
        "suggestions": ["Make a story ad", "Add free shipping", "Try a bottom bar"],
        "additional_comments": null,
        "ad": ad,
    })
}

fn ad_request(message: &str) -> AssistantRequest {
    AssistantRequest {
        message: message.into(),
        latest_picture: true,
        ..AssistantRequest::default()
    }
}

#[tokio::test]
async fn an_ad_from_the_model_keeps_to_the_sellers_words() {
    // The model's copy is used, with the seller's offer, in the layout for an offer.
    let (first, url) = mock(vec![Reply::Json(completion(&ad_answer(json!({
        "headline": "Weekend glow, for less",
        "offer": "20% off",
        "cta": "Shop the sale",
    }))))])
    .await;
    let reply = assistant(&url)
        .reply(&ad_request(
            "make an instagram ad for the weekend sale with 20% off",
        ))
        .await
        .unwrap();
    let ad = reply.structured.ad.unwrap();
    assert_eq!(ad.headline, "Weekend glow, for less");
    assert_eq!(ad.offer.as_deref(), Some("20% off"));
    assert_eq!(ad.cta, "Shop the sale");
    assert_eq!(ad.template, ai::AdTemplate::OfferBadge);
    assert_eq!(reply.content, "Here's your ad.");
    let body = first.seen.lock().unwrap()[0].1.clone();
    let schema = &body["response_format"]["json_schema"]["schema"];
    assert_eq!(
        schema["properties"]["ad"]["required"],
        json!(["headline", "offer", "cta"])
    );
    let system = body["messages"][0]["content"].as_str().unwrap();
    assert!(system.contains("never invent a discount"), "{system}");
    let last = body["messages"].as_array().unwrap().last().unwrap()["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(last.contains("\"campaign_has_a_picture\":true"), "{last}");

    // A discount the seller never gave is taken off; a blank line is the offline one.
    let (_, url) = mock(vec![Reply::Json(completion(&ad_answer(json!({
        "headline": "Black Friday is here",
        "offer": "30% off everything",
        "cta": " ",
    }))))])
    .await;
    let reply = assistant(&url)
        .reply(&ad_request("ad for black friday"))
        .await
        .unwrap();
    let ad = reply.structured.ad.unwrap();
    assert_eq!(ad.offer, None, "no invented discount");
    assert_eq!(ad.headline, "Black Friday is here");
    assert_eq!(ad.cta, "Shop the deals");
    assert_ne!(ad.template, ai::AdTemplate::OfferBadge);

    // A model that proposes no ad when one was asked for: the offline rules answer.
    let (_, url) = mock(vec![Reply::Json(completion(&good_answer()))]).await;
    let reply = assistant(&url)
        .reply(&ad_request("turn this into a facebook ad with 20% off"))
        .await
        .unwrap();
    let ad = reply.structured.ad.unwrap();
    assert_eq!(ad.offer.as_deref(), Some("20% off"));
    assert!(reply.content.contains("“20% off”"), "{}", reply.content);
}
