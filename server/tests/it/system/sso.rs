//! Single sign-on against a local CAS server and OpenID Connect provider (`web/e2e/sso-provider.mjs`,
//! which the browser tests use too), on SQLite and PostgreSQL: a CAS ticket signs in as the user
//! of its name, once, and only for this platform's service; an OIDC identity is bound once with a
//! username and password, then signs in straight away; a forged, replayed or mismatched answer at
//! any step is refused and opens no session.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

use crate::common::{ADMIN_PASSWORD, TestApp, TestResponse, count, postgres_config, sqlite_config};
use crate::system::admin::{delete, h, ok, second_tenant};

const HOST: &str = "app.test";
const CLIENT_ID: &str = "logistics";
const CLIENT_SECRET: &str = "logistics-test-secret";

/// The provider's process, killed when dropped.
pub(crate) struct Provider {
    child: Child,
    pub port: u16,
}

impl Drop for Provider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn provider() -> Provider {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/e2e/sso-provider.mjs");
    let mut child = Command::new("node")
        .arg(script)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("node must run the SSO test provider ({script}): {e}"));
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let port = serde_json::from_str::<Value>(&line).unwrap()["port"].as_u64().unwrap() as u16;
    Provider { child, port }
}

async fn apps(provider: &Provider) -> Vec<TestApp> {
    let configure = |config: &mut logistics_server::platform::config::Config| {
        config.cas_url = Some(format!("http://127.0.0.1:{}/cas", provider.port));
        config.oidc = Some(logistics_server::platform::config::OidcConfig {
            issuer: format!("http://127.0.0.1:{}/oidc", provider.port),
            client_id: CLIENT_ID.to_owned(),
            client_secret: CLIENT_SECRET.to_owned(),
            name: "TestID".to_owned(),
        });
    };
    let dir = tempfile::TempDir::new().unwrap();
    let mut config = sqlite_config(&dir);
    configure(&mut config);
    let mut all = vec![TestApp::with_config(config, "sqlite", dir).await];
    if let Some(mut config) = postgres_config().await {
        configure(&mut config);
        all.push(TestApp::with_config(config, "postgres", tempfile::TempDir::new().unwrap()).await);
    }
    all
}

fn browser() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

fn location(res: &TestResponse) -> String {
    assert_eq!(res.status, 302, "a redirect: {}", res.text);
    res.headers.get("location").unwrap().to_str().unwrap().to_owned()
}

fn query_of(url: &str) -> Vec<(String, String)> {
    let query = url.split_once('?').map_or("", |(_, q)| q);
    reqwest::Url::parse(&format!("http://x/?{query}")).unwrap().query_pairs().into_owned().collect()
}

fn param(url: &str, name: &str) -> Option<String> {
    query_of(url).into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

fn en<'a>(extra: &[(&'static str, &'a str)]) -> Vec<(&'static str, &'a str)> {
    let mut headers = vec![("host", HOST), ("accept-language", "en-US")];
    headers.extend_from_slice(extra);
    headers
}

/// A CAS ticket for `username`, issued for `service`.
async fn cas_ticket(provider: &Provider, username: &str, service: &str) -> String {
    let res = browser()
        .post(format!("http://127.0.0.1:{}/cas/login", provider.port))
        .form(&[("username", username), ("service", service)])
        .send()
        .await
        .unwrap();
    let to = res.headers()["location"].to_str().unwrap().to_owned();
    assert!(to.starts_with(service), "{to}");
    param(&to, "ticket").unwrap()
}

async fn validate(app: &TestApp, ticket: &str, service: &str) -> TestResponse {
    let path = format!("/boot/cas/client/validateLogin?ticket={}&service={}", urlencode(ticket), urlencode(service));
    app.get(&path, &en(&[])).await
}

fn urlencode(value: &str) -> String {
    value
        .bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

async fn signed_in_as(app: &TestApp, res: &TestResponse) -> String {
    assert_eq!(res.status, 200, "{}: {}", app.backend, res.text);
    let body = res.json();
    assert_eq!(body["success"], true);
    assert_eq!(body["code"], 200);
    let token = body["result"]["token"].as_str().unwrap();
    let me = app.get("/boot/sys/permission/getUserPermissionByToken", &[("x-access-token", token)]).await;
    assert_eq!(me.status, 200, "the session works: {}", me.text);
    body["result"]["userInfo"]["username"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn cas_tickets_sign_in_once_and_only_for_this_platform() {
    let provider = provider();
    let service = format!("http://{HOST}/sso/cas");
    for app in apps(&provider).await {
        let b = app.backend;
        let config = app.get("/boot/thirdLogin/config", &en(&[])).await.json();
        assert_eq!(config["result"]["cas"]["loginUrl"], format!("http://127.0.0.1:{}/cas/login", provider.port), "{b}");
        assert_eq!(config["result"]["oidc"]["name"], "TestID", "{b}");

        let ticket = cas_ticket(&provider, "admin", &service).await;
        let first = validate(&app, &ticket, &service).await;
        assert_eq!(signed_in_as(&app, &first).await, "admin", "{b}");
        // A ticket is good once.
        let again = validate(&app, &ticket, &service).await;
        assert_eq!(again.status, 401, "{b}: {}", again.text);
        assert!(again.text.contains("The CAS server refused the ticket: INVALID_TICKET"), "{b}: {}", again.text);

        // A ticket issued for another application is not taken here.
        let elsewhere = "http://evil.test/sso/cas";
        let foreign = cas_ticket(&provider, "admin", elsewhere).await;
        let res = validate(&app, &foreign, elsewhere).await;
        assert_eq!(res.status, 400, "{b}: {}", res.text);
        let res = validate(&app, &foreign, &service).await;
        assert_eq!(res.status, 401, "{b}: {}", res.text);
        assert!(res.text.contains("INVALID_SERVICE"), "{b}: {}", res.text);

        // A CAS user who is nobody here, in both languages.
        let nobody = cas_ticket(&provider, "nobody", &service).await;
        let res = validate(&app, &nobody, &service).await;
        assert_eq!(res.status, 401, "{b}");
        assert!(res.text.contains("The CAS account “nobody” has no user here"), "{b}: {}", res.text);
        let nobody = cas_ticket(&provider, "nobody", &service).await;
        let path = format!("/boot/cas/client/validateLogin?ticket={nobody}&service={}", urlencode(&service));
        let res = app.get(&path, &[("host", HOST), ("accept-language", "zh-CN")]).await;
        assert!(res.text.contains("CAS账号“nobody”在本系统没有对应的用户"), "{b}: {}", res.text);

        let res = app.get("/boot/cas/client/validateLogin?service=x", &en(&[])).await;
        assert_eq!(res.status, 400, "{b}: {}", res.text);
        assert!(res.text.contains("The CAS ticket or service is missing"), "{b}");
    }

    // Not configured: no CAS, said so.
    let app = TestApp::sqlite().await;
    let res = app.get("/boot/cas/client/validateLogin?ticket=ST-1&service=x", &en(&[])).await;
    assert_eq!(res.status, 404);
    assert!(res.text.contains("CAS sign-in is not configured"), "{}", res.text);
    let config = app.get("/boot/thirdLogin/config", &en(&[])).await.json();
    assert_eq!(config["result"], json!({"cas": null, "oidc": null}));
}

/// Runs the browser's part of an OIDC sign-in as `username`; the app's last answer (the redirect
/// to `/sso/third`).
async fn oidc_round(app: &TestApp, provider: &Provider, username: &str, tamper: impl Fn(&mut Vec<(String, String)>)) -> String {
    let start = app.get("/boot/thirdLogin/render/oidc", &en(&[])).await;
    let to_provider = location(&start);
    let cookie = start.headers.get("set-cookie").unwrap().to_str().unwrap().split(';').next().unwrap().to_owned();
    assert!(start.headers.get("set-cookie").unwrap().to_str().unwrap().contains("HttpOnly"));
    assert!(to_provider.starts_with(&format!("http://127.0.0.1:{}/oidc/authorize?", provider.port)), "{to_provider}");
    assert_eq!(param(&to_provider, "redirect_uri").unwrap(), format!("http://{HOST}/boot/thirdLogin/oidc/callback"));
    assert_eq!(param(&to_provider, "code_challenge_method").unwrap(), "S256");
    let mut form: Vec<(String, String)> = query_of(&to_provider);
    form.push(("username".into(), username.into()));
    let res = browser().post(format!("http://127.0.0.1:{}/oidc/authorize", provider.port)).form(&form).send().await.unwrap();
    let back = res.headers()["location"].to_str().unwrap().to_owned();
    let mut callback = query_of(&back);
    tamper(&mut callback);
    let query: Vec<String> = callback.iter().map(|(k, v)| format!("{k}={}", urlencode(v))).collect();
    let res = app.get(&format!("/boot/thirdLogin/oidc/callback?{}", query.join("&")), &en(&[("cookie", cookie.as_str())])).await;
    location(&res)
}

fn token_of(redirect: &str) -> String {
    assert!(redirect.starts_with("/sso/third?token="), "{redirect}");
    param(redirect, "token").unwrap()
}

async fn bind(app: &TestApp, token: &str, username: &str, password: &str) -> TestResponse {
    let body = json!({"token": token, "username": username, "password": password});
    app.post_json("/boot/thirdLogin/user/checkPassword", &body, &en(&[])).await
}

#[tokio::test(flavor = "multi_thread")]
async fn oidc_identities_bind_once_then_sign_in() {
    let provider = provider();
    for app in apps(&provider).await {
        let b = app.backend;
        // Not bound yet: 409, the token stays for the binding.
        let token = token_of(&oidc_round(&app, &provider, "alice", |_| {}).await);
        let res = app.get(&format!("/boot/thirdLogin/getLoginUser/{token}"), &en(&[])).await;
        assert_eq!(res.status, 409, "{b}: {}", res.text);
        assert!(res.text.contains("The third-party account “alice (SSO)” is not bound"), "{b}: {}", res.text);
        let wrong = bind(&app, &token, "admin", "Wrong@12345").await;
        assert_eq!(wrong.status, 401, "{b}: {}", wrong.text);
        assert!(wrong.text.contains("Incorrect username or password"), "{b}");
        let missing = bind(&app, &token, "", "x").await;
        assert_eq!(missing.status, 400, "{b}");
        let bound = bind(&app, &token, "admin", ADMIN_PASSWORD).await;
        assert_eq!(signed_in_as(&app, &bound).await, "admin", "{b}");
        assert_eq!(bound.json()["message"], "Bound and signed in!");
        // The token is used up.
        let res = app.get(&format!("/boot/thirdLogin/getLoginUser/{token}"), &en(&[])).await;
        assert_eq!(res.status, 401, "{b}: {}", res.text);
        assert!(res.text.contains("has expired or was already used"), "{b}");

        // Bound: straight in, once per token.
        let token = token_of(&oidc_round(&app, &provider, "alice", |_| {}).await);
        let res = app.get(&format!("/boot/thirdLogin/getLoginUser/{token}"), &en(&[])).await;
        assert_eq!(signed_in_as(&app, &res).await, "admin", "{b}");
        let res = app.get(&format!("/boot/thirdLogin/getLoginUser/{token}"), &en(&[])).await;
        assert_eq!(res.status, 401, "{b}");

        // A user keeps one identity per provider.
        let token = token_of(&oidc_round(&app, &provider, "bob", |_| {}).await);
        let res = bind(&app, &token, "admin", ADMIN_PASSWORD).await;
        assert_eq!(res.status, 409, "{b}: {}", res.text);
        assert!(res.text.contains("already bound to another OpenID Connect account"), "{b}");

        // Forged or mismatched answers never reach a token.
        for (username, why) in [
            ("bad-nonce-1", "nonce does not match"),
            ("bad-signature-1", "The ID token is not valid"),
            ("bad-audience-1", "The ID token is not valid"),
            ("expired-1", "The ID token is not valid"),
        ] {
            let to = oidc_round(&app, &provider, username, |_| {}).await;
            assert!(to.starts_with("/sso/third?error="), "{b} {username}: {to}");
            let error = param(&to, "error").unwrap();
            assert!(error.starts_with("Third-party sign-in failed:"), "{b}: {error}");
            assert!(error.to_lowercase().contains(&why.to_lowercase()), "{b} {username}: {error}");
        }
        let to =
            oidc_round(&app, &provider, "carol", |q| q.iter_mut().filter(|(k, _)| k == "state").for_each(|(_, v)| v.push('x')))
                .await;
        assert!(param(&to, "error").unwrap().contains("the state does not match"), "{b}: {to}");
        let to = oidc_round(&app, &provider, "carol", |q| {
            q.iter_mut().filter(|(k, _)| k == "code").for_each(|(_, v)| *v = "forged".into())
        })
        .await;
        assert!(param(&to, "error").unwrap().contains("refused the code"), "{b}: {to}");
        // The provider's callback without the flow's cookie (begun in another browser).
        let res = app.get("/boot/thirdLogin/oidc/callback?code=x&state=y", &en(&[])).await;
        assert!(location(&res).starts_with("/sso/third?error="), "{b}");
        let res = app.get("/boot/thirdLogin/oidc/callback?error=access_denied&error_description=no", &en(&[])).await;
        assert!(param(&location(&res), "error").unwrap().contains("access_denied"), "{b}");

        // Unknown tokens.
        let res = app.get("/boot/thirdLogin/getLoginUser/not-a-token", &[("host", HOST), ("accept-language", "zh-CN")]).await;
        assert_eq!(res.status, 401, "{b}");
        assert!(res.text.contains("第三方登录凭证无效或已过期"), "{b}: {}", res.text);

        // The user's own bindings: listed to them alone, removable by them alone; once unbound,
        // the identity asks for a username and password again.
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        let mine = ok(app.get("/boot/sys/thirdApp/getThirdAccountByUserId", &h(&admin)).await, "bindings").await;
        let mine = mine.as_array().unwrap();
        assert_eq!(mine.len(), 1, "{b}: {mine:?}");
        assert_eq!((mine[0]["thirdType"].as_str(), mine[0]["thirdUserId"].as_str()), (Some("oidc"), Some("sub-alice")), "{b}");
        assert!(mine[0]["createTime"].as_str().unwrap().ends_with('Z'), "{b}");
        let cas_only = ok(app.get("/boot/sys/thirdApp/getThirdAccountByUserId?thirdType=cas", &h(&admin)).await, "cas").await;
        assert_eq!(cas_only, json!([]), "{b}");
        let id = mine[0]["id"].as_str().unwrap().to_owned();
        let other = second_tenant(&app, 7, "sso_other").await;
        let theirs = ok(app.get("/boot/sys/thirdApp/getThirdAccountByUserId", &h(&other)).await, "theirs").await;
        assert_eq!(theirs, json!([]), "{b}");
        let unbind = format!("/boot/sys/thirdApp/deleteThirdAccount?id={id}");
        let refused = delete(&app, &unbind, &other).await;
        assert_eq!(refused.status, 404, "{b}: {}", refused.text);
        assert!(refused.text.contains("does not exist or was already removed"), "{b}: {}", refused.text);
        let anonymous = app.send(crate::common::build(axum::http::Method::DELETE, &unbind, &[], axum::body::Body::empty())).await;
        assert_eq!(anonymous.status, 401, "{b}");
        let done = delete(&app, &unbind, &admin).await;
        assert_eq!(done.status, 200, "{b}: {}", done.text);
        assert_eq!(done.json()["message"], "Unbound!", "{b}");
        assert_eq!(delete(&app, &unbind, &admin).await.status, 404, "{b}: once");
        let logged =
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_log WHERE log_content LIKE 'sys:thirdApp:delete sub-alice%'").await;
        assert_eq!(logged, 1, "{b}");
        let token = token_of(&oidc_round(&app, &provider, "alice", |_| {}).await);
        let res = app.get(&format!("/boot/thirdLogin/getLoginUser/{token}"), &en(&[])).await;
        assert_eq!(res.status, 409, "{b}: unbound, {}", res.text);
    }
}
