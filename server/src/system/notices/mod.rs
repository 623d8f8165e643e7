//! Live notices: the WebSocket `/boot/websocket/{userId}` (JeecgBoot's), the hub of this
//! instance's sockets, and the sweep that closes the sockets of ended sessions.
//!
//! - The token comes as the `Sec-WebSocket-Protocol` (browsers cannot set headers on a socket) or
//!   as `?token=`; the path's user must be the token's.
//! - Messages are JSON `{cmd, msgId, msgTxt, userId?}`: `topic` for a tenant-wide announcement,
//!   `user` for one addressed to the user. A heartbeat (`HeartBeat`, `ping` or
//!   `{"cmd":"heartcheck"}`) is answered with `{"cmd":"heartcheck","msgTxt":"pong"}`.
//! - Every instance asks the database every [`SWEEP`] for sessions revoked since its last look and
//!   closes their sockets (code 4001), whichever instance revoked them; expired sessions close too.

pub mod hub;

use std::collections::HashSet;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use futures_util::{SinkExt, StreamExt};
use logistics_core::MessageKey;
use serde_json::json;

use crate::platform::cluster::Event;
use crate::platform::db::schema::sys_session;
use crate::platform::db::{Db, DbResult};
use crate::platform::http::AppError;
use crate::state::AppState;
use crate::with_conn;
use hub::{Hub, Outgoing};

/// How often each instance looks for revoked sessions (sockets close within this, plus a query).
pub const SWEEP: Duration = Duration::from_secs(2);
/// A socket that says nothing for this long is dead (clients send a heartbeat after 20 s).
pub const IDLE: Duration = Duration::from_secs(75);

/// The answer to a heartbeat.
pub const PONG: &str = r#"{"cmd":"heartcheck","msgTxt":"pong"}"#;

/// The message for the sockets of a tenant's users: `cmd` `topic` (everyone) or `user`.
pub fn message(cmd: &str, msg_id: &str, msg_txt: &str, user_id: Option<&str>) -> String {
    let mut m = json!({"cmd": cmd, "msgId": msg_id, "msgTxt": msg_txt});
    if let Some(user) = user_id {
        m["userId"] = json!(user);
    }
    m.to_string()
}

/// Tells the tenant's connected users, on every instance: everyone (`users` = None) or the listed ones.
pub async fn notify(state: &AppState, tenant_id: i32, users: Option<Vec<String>>, msg_id: &str, msg_txt: &str) {
    let cmd = if users.is_some() { "user" } else { "topic" };
    let payload = message(cmd, msg_id, msg_txt, None);
    state.cluster.publish(Event::Notice { tenant_id, user_ids: users, payload }).await;
}

fn token_from(headers: &HeaderMap, query: Option<&str>) -> Option<String> {
    let protocol = headers
        .get("sec-websocket-protocol")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').map(str::trim).find(|t| !t.is_empty()))
        .map(str::to_owned);
    protocol
        .or_else(|| query?.split('&').find_map(|pair| pair.strip_prefix("token=")).filter(|t| !t.is_empty()).map(str::to_owned))
}

/// Opens a live-notice socket for the signed-in user.
pub async fn socket(
    State(state): State<AppState>,
    Path(user_id): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let Some(token) = token_from(&headers, query.as_deref()) else {
        return AppError::unauthorized(MessageKey::Unauthorized).into_response();
    };
    let (session, user) = match crate::system::auth::current::authenticate(&state, &token).await {
        Ok(found) => found,
        Err(e) => return e.into_response(),
    };
    if user.id != user_id.trim() {
        return AppError::forbidden().into_response();
    }
    let hub = state.hub.clone();
    ws.protocols([token]).read_buffer_size(4 * 1024).write_buffer_size(0).max_message_size(64 * 1024).on_upgrade(
        move |socket| async move {
            let (id, rx) = hub.register(&user.id, user.tenant_id, &session.id, session.expire_time);
            serve(socket, rx).await;
            hub.unregister(id);
        },
    )
}

fn is_heartbeat(text: &str) -> bool {
    let t = text.trim();
    t.eq_ignore_ascii_case("heartbeat") || t.eq_ignore_ascii_case("ping") || (t.starts_with('{') && t.contains("heartcheck"))
}

async fn serve(socket: WebSocket, mut rx: tokio::sync::mpsc::Receiver<Outgoing>) {
    let (mut sink, mut stream) = socket.split();
    let idle = tokio::time::sleep(IDLE);
    tokio::pin!(idle);
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Outgoing::Text(text)) => {
                    if sink.send(Message::Text(text)).await.is_err() {
                        return;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    let _ = sink.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
                    return;
                }
                None => return,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    idle.as_mut().reset(tokio::time::Instant::now() + IDLE);
                    if is_heartbeat(&text) && sink.send(Message::Text(PONG.into())).await.is_err() {
                        return;
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => idle.as_mut().reset(tokio::time::Instant::now() + IDLE),
            },
            () = &mut idle => {
                let _ = sink.send(Message::Close(Some(CloseFrame { code: 1001, reason: "idle".into() }))).await;
                return;
            }
        }
    }
}

async fn revoked_since(db: &Db, since: chrono::NaiveDateTime) -> DbResult<HashSet<String>> {
    let ids: Vec<String> = with_conn!(db, |conn| {
        sys_session::table.filter(sys_session::revoke_time.ge(since)).select(sys_session::id).load(conn).await?
    });
    Ok(ids.into_iter().collect())
}

/// Runs for the life of the process: closes the sockets of sessions that ended.
pub async fn sweep(db: Db, hub: std::sync::Arc<Hub>) {
    // Revocations are stamped by whichever instance made them; look back a little further
    // than the last sweep so a slow commit or a clock a few seconds apart is still seen.
    let margin = chrono::Duration::seconds(10);
    let mut since = chrono::Utc::now().naive_utc() - margin;
    let mut ticker = tokio::time::interval(SWEEP);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        if hub.is_empty() {
            since = chrono::Utc::now().naive_utc() - margin;
            continue;
        }
        let now = chrono::Utc::now().naive_utc();
        match revoked_since(&db, since).await {
            Ok(revoked) => {
                let closed = hub.close_ended(&revoked, now);
                if closed > 0 {
                    tracing::info!(closed, "closed the live sockets of ended sessions");
                }
                since = now - margin;
            }
            Err(e) => tracing::warn!(error = %e, "could not look for revoked sessions"),
        }
    }
}
