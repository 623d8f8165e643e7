//! Sessions: a row per sign-in, named by the JWT's `sid`. The token alone is never enough: every
//! request checks the row, so logout, a password change or freezing a user ends it at once.

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use super::ClientMeta;
use crate::platform::db::schema::{sys_session, sys_user};
use crate::platform::db::{Db, DbResult};
use crate::platform::secrets;
use crate::system::users::User;
use crate::{with_conn, with_write};

/// Spec section 9: a session lasts 7 days (604 800 000 ms).
pub const SESSION_DAYS: i64 = 7;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user's id.
    pub sub: String,
    /// The session's id.
    pub sid: String,
    pub tid: i32,
    pub username: String,
    pub iat: i64,
    pub exp: i64,
}

/// The signing keys, made once from the secret.
pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl Keys {
    pub fn new(secret: &str) -> Keys {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Keys {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            validation,
        }
    }

    /// The claims of a well-signed, unexpired token.
    pub fn decode(&self, token: &str) -> Option<Claims> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok().map(|data| data.claims)
    }

    /// The claims even of an expired token (logout of a stale session).
    pub fn decode_ignoring_expiry(&self, token: &str) -> Option<Claims> {
        let mut validation = self.validation.clone();
        validation.validate_exp = false;
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).ok().map(|data| data.claims)
    }
}

#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = sys_session)]
pub struct Session {
    pub id: String,
    pub user_id: String,
    pub tenant_id: i32,
    pub expire_time: NaiveDateTime,
    pub revoke_time: Option<NaiveDateTime>,
}

/// Opens a session for `user` and signs its token.
pub async fn open(db: &Db, keys: &Keys, user: &User, client: &ClientMeta) -> Result<String, crate::platform::http::AppError> {
    let now = Utc::now();
    let expires = now + Duration::days(SESSION_DAYS);
    let id = secrets::new_secret_token()?;
    let claims = Claims {
        sub: user.id.clone(),
        sid: id.clone(),
        tid: user.tenant_id,
        username: user.username.clone(),
        iat: now.timestamp(),
        exp: expires.timestamp(),
    };
    let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding)
        .map_err(crate::platform::http::AppError::internal)?;
    with_write!(db, |conn| {
        diesel::insert_into(sys_session::table)
            .values((
                sys_session::id.eq(&id),
                sys_session::user_id.eq(&user.id),
                sys_session::tenant_id.eq(user.tenant_id),
                sys_session::ip.eq(&client.ip),
                sys_session::user_agent.eq(&client.user_agent),
                sys_session::create_time.eq(now.naive_utc()),
                sys_session::expire_time.eq(expires.naive_utc()),
            ))
            .execute(conn)
            .await?;
    });
    Ok(token)
}

/// The live session `id` with its user, or `None` if it is unknown, revoked or expired.
pub async fn find_active(db: &Db, id: &str) -> DbResult<Option<(Session, User)>> {
    let now = Utc::now().naive_utc();
    let found = with_conn!(db, |conn| {
        sys_session::table
            .inner_join(sys_user::table)
            .filter(sys_session::id.eq(id))
            .filter(sys_session::revoke_time.is_null())
            .filter(sys_session::expire_time.gt(now))
            .filter(sys_user::del_flag.eq(0))
            .select((Session::as_select(), User::as_select()))
            .first(conn)
            .await
            .optional()?
    });
    Ok(found)
}

pub async fn revoke(db: &Db, id: &str) -> DbResult<()> {
    let now = Utc::now().naive_utc();
    with_write!(db, |conn| {
        diesel::update(sys_session::table.filter(sys_session::id.eq(id)).filter(sys_session::revoke_time.is_null()))
            .set(sys_session::revoke_time.eq(now))
            .execute(conn)
            .await?;
    });
    Ok(())
}

/// Ends every session of a user, except `keep` (the one changing its own password).
pub async fn revoke_all(db: &Db, user_id: &str, keep: Option<&str>) -> DbResult<usize> {
    let now = Utc::now().naive_utc();
    let keep = keep.unwrap_or("");
    let count = with_write!(db, |conn| {
        diesel::update(
            sys_session::table
                .filter(sys_session::user_id.eq(user_id))
                .filter(sys_session::revoke_time.is_null())
                .filter(sys_session::id.ne(keep)),
        )
        .set(sys_session::revoke_time.eq(now))
        .execute(conn)
        .await?
    });
    Ok(count)
}
