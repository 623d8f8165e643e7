//! Scheduled jobs on SQLite and PostgreSQL: the handlers are seeded once each, on schedule; a cron
//! expression is checked by core and named in the user's language; pause, resume and run now; a
//! due slot claimed by two instances at once runs once; a failing run is retried and recorded; a
//! dead instance's run fails when its lease expires.

use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::{Value, json};

use logistics_server::system::jobs::scheduler;

use crate::common::{ADMIN_PASSWORD, TestApp, count};
use crate::system::admin::{h, ok};

async fn job(app: &TestApp, admin: &str, name: &str) -> Value {
    let list = ok(app.get(&format!("/boot/sys/quartzJob/list?jobClassName={name}"), &h(admin)).await, "jobs").await;
    list["records"].as_array().unwrap().iter().find(|j| j["jobClassName"] == name).cloned().unwrap_or(Value::Null)
}

/// The history of a job until its last line is no longer running (at most 10 s).
async fn settled(app: &TestApp, admin: &str, id: &str, lines: usize) -> Vec<Value> {
    for _ in 0..200 {
        let page = ok(app.get(&format!("/boot/sys/quartzJob/log/list?jobId={id}&pageSize=50"), &h(admin)).await, "log").await;
        let records = page["records"].as_array().unwrap().clone();
        if records.len() >= lines && records.iter().all(|r| r["status"] != "running") {
            return records;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{}: the runs of {id} did not settle", app.backend);
}

#[tokio::test(flavor = "multi_thread")]
async fn jobs_are_scheduled_checked_paused_run_and_claimed_once() {
    scheduler::RETRY_AFTER_MS.store(20, Ordering::Relaxed);
    for app in TestApp::all().await {
        let admin = app.login("admin", ADMIN_PASSWORD).await;
        // Seeded, one per handler, on schedule with a next fire time.
        let all = ok(app.get("/boot/sys/quartzJob/list?pageSize=50", &h(&admin)).await, "all").await;
        assert_eq!(all["total"], 6, "{}: {all}", app.backend);
        assert!(all["records"].as_array().unwrap().iter().all(|j| j["status"] == 0 && j["nextFireTime"].is_string()));
        // Only the slots this test makes due fire while it runs.
        for j in all["records"].as_array().unwrap() {
            ok(app.get(&format!("/boot/sys/quartzJob/pause?id={}", j["id"].as_str().unwrap()), &h(&admin)).await, "pause").await;
        }
        let handlers = ok(
            app.get("/boot/sys/quartzJob/handlers", &[("x-access-token", admin.as_str()), ("cookie", "client_lang=zh-CN")]).await,
            "h",
        )
        .await;
        let fees = handlers.as_array().unwrap().iter().find(|x| x["name"] == "wms.fees").unwrap().clone();
        assert_eq!(fees["description"], "结算前一天的仓储费和操作费");

        // Core checks the expression; the message names the field, in the user's language.
        let reconcile = job(&app, &admin, "wms.reconcile").await;
        let id = reconcile["id"].as_str().unwrap().to_owned();
        let mut form = json!({"id": id, "jobClassName": "wms.reconcile", "cronExpression": "0 61 * * * ?"});
        let bad = app
            .put_json("/boot/sys/quartzJob/edit", &form, &[("x-access-token", admin.as_str()), ("cookie", "client_lang=en-US")])
            .await;
        assert_eq!((bad.status.as_u16(), bad.json()["result"]["field"].as_str()), (400, Some("cronExpression")), "{}", bad.text);
        assert!(bad.json()["message"].as_str().unwrap().contains("minute"), "{}", bad.text);
        let never = app
            .put_json(
                "/boot/sys/quartzJob/edit",
                &json!({"id": id, "jobClassName": "wms.reconcile", "cronExpression": "0 0 0 30 2 ?"}),
                &h(&admin),
            )
            .await;
        assert_eq!(never.status, 400, "{}", never.text);
        form["cronExpression"] = json!("0  0 12   1 1 ?");
        let edited = ok(app.put_json("/boot/sys/quartzJob/edit", &form, &h(&admin)).await, "edit").await;
        let _ = edited;
        assert_eq!(job(&app, &admin, "wms.reconcile").await["cronExpression"], "0 0 12 1 1 ?");
        let next =
            ok(app.get("/boot/sys/quartzJob/nextFireTimes?cronExpression=0%200%2012%20*%20*%20%3F", &h(&admin)).await, "next")
                .await;
        assert_eq!(next.as_array().unwrap().len(), 5);
        // One job per handler; no handler of another name.
        let twice = app
            .post_json(
                "/boot/sys/quartzJob/add",
                &json!({"jobClassName": "wms.reconcile", "cronExpression": "0 0 1 * * ?"}),
                &h(&admin),
            )
            .await;
        assert_eq!(twice.status, 409, "{}", twice.text);
        let unknown = app
            .post_json("/boot/sys/quartzJob/add", &json!({"jobClassName": "rm -rf", "cronExpression": "0 0 1 * * ?"}), &h(&admin))
            .await;
        assert_eq!((unknown.status.as_u16(), unknown.json()["result"]["field"].as_str()), (400, Some("jobClassName")));

        // Paused: no next fire time; resumed: the next slot after now.
        ok(app.get(&format!("/boot/sys/quartzJob/pause?id={id}"), &h(&admin)).await, "pause").await;
        let paused = job(&app, &admin, "wms.reconcile").await;
        assert_eq!((paused["status"].as_i64(), paused["nextFireTime"].is_null()), (Some(-1), true));
        ok(app.get(&format!("/boot/sys/quartzJob/resume?id={id}"), &h(&admin)).await, "resume").await;
        assert!(job(&app, &admin, "wms.reconcile").await["nextFireTime"].is_string());

        // Run now: a manual line, settled with its result.
        let started = ok(app.get(&format!("/boot/sys/quartzJob/execute?id={id}"), &h(&admin)).await, "execute").await;
        assert_eq!((started["triggerType"].as_str(), started["attempt"].as_i64()), (Some("manual"), Some(1)));
        let runs = settled(&app, &admin, &id, 1).await;
        assert_eq!(runs[0]["status"], "success", "{}", runs[0]);
        assert!(runs[0]["message"].as_str().unwrap().contains("balanced"));

        // A due slot, two instances ticking at once: one claims and runs it.
        let due = format!("UPDATE sys_quartz_job SET next_fire_time = {} WHERE id = '{id}'", past(&app));
        count(app.db(), &format!("{due} RETURNING CAST(1 AS BIGINT) AS n")).await;
        let state = &app.started.state;
        let (a, b) = tokio::join!(scheduler::once(state), scheduler::once(state));
        assert_eq!(a.unwrap() + b.unwrap(), 1, "{}", app.backend);
        let runs = settled(&app, &admin, &id, 2).await;
        assert_eq!(runs.iter().filter(|r| r["triggerType"] == "schedule").count(), 1);
        assert!(job(&app, &admin, "wms.reconcile").await["nextFireTime"].is_string());
        assert_eq!(scheduler::once(state).await.unwrap(), 0, "the slot is gone");

        // A failing run is tried three times, each attempt recorded with its reason.
        let retention = job(&app, &admin, "logs.retention").await;
        let rid = retention["id"].as_str().unwrap().to_owned();
        let form = json!({"id": rid, "jobClassName": "logs.retention", "cronExpression": "0 30 3 * * ?", "parameter": "1", "status": -1});
        ok(app.put_json("/boot/sys/quartzJob/edit", &form, &h(&admin)).await, "edit").await;
        ok(app.get(&format!("/boot/sys/quartzJob/execute?id={rid}"), &h(&admin)).await, "execute").await;
        let failed = settled(&app, &admin, &rid, 3).await;
        assert_eq!(failed.len(), 3, "{}: {failed:?}", app.backend);
        assert!(failed.iter().all(|r| r["status"] == "failed" && r["message"].as_str().unwrap().contains("7 to 3650")));
        assert_eq!(job(&app, &admin, "logs.retention").await["lastStatus"], "failed");

        // A run whose instance died: failed once its lease is over.
        let dead = format!(
            "INSERT INTO sys_quartz_job_log (id, job_id, job_class_name, slot_time, trigger_type, instance, attempt, status, start_time, lease_until) \
             VALUES ('dead-1', '{rid}', 'logs.retention', {p}, 'schedule', 'gone', 1, 'running', {p}, {p}) RETURNING CAST(1 AS BIGINT) AS n",
            p = past(&app)
        );
        count(app.db(), &dead).await;
        scheduler::once(state).await.unwrap();
        assert_eq!(
            count(app.db(), "SELECT COUNT(*) AS n FROM sys_quartz_job_log WHERE id = 'dead-1' AND status = 'failed'").await,
            1
        );

        // Platform administrators only.
        let (customer, _) = crate::carrier::pricing::register(&app, "jobless", "13911118031").await;
        assert_eq!(app.get("/boot/sys/quartzJob/list", &h(&customer)).await.status, 403);
        assert_eq!(app.get(&format!("/boot/sys/quartzJob/execute?id={id}"), &h(&customer)).await.status, 403);
    }
}

/// An SQL time an hour ago, as the backend writes it.
fn past(app: &TestApp) -> &'static str {
    if app.backend == "postgres" { "(NOW() AT TIME ZONE 'UTC' - INTERVAL '1 hour')" } else { "datetime('now', '-1 hour')" }
}

/// Two instances on one PostgreSQL and Redis, each running its scheduler: a job firing every
/// second runs once per slot for a minute, never twice, and (bar a loaded machine's late tick)
/// every slot.
#[tokio::test(flavor = "multi_thread")]
async fn a_job_every_second_runs_once_per_slot_on_two_instances() {
    let Some(redis) = std::env::var("TEST_REDIS_URL").ok().filter(|u| !u.is_empty()) else { return };
    let Some(mut config) = crate::common::postgres_config().await else { return };
    config.redis_url = Some(redis);
    let a = TestApp::with_config(config.clone(), "postgres+redis A", tempfile::TempDir::new().unwrap()).await;
    let b = TestApp::with_config(config, "postgres+redis B", tempfile::TempDir::new().unwrap()).await;
    let admin = a.login("admin", ADMIN_PASSWORD).await;
    let purge = job(&a, &admin, "idempotency.purge").await;
    let id = purge["id"].as_str().unwrap().to_owned();
    let form = json!({"id": id, "jobClassName": "idempotency.purge", "cronExpression": "* * * * * ?", "status": 0});
    ok(a.put_json("/boot/sys/quartzJob/edit", &form, &h(&admin)).await, "every second").await;

    let schedulers =
        [tokio::spawn(scheduler::run(a.started.state.clone())), tokio::spawn(scheduler::run(b.started.state.clone()))];
    tokio::time::sleep(Duration::from_secs(60)).await;
    for scheduler in &schedulers {
        scheduler.abort();
    }
    tokio::time::sleep(Duration::from_secs(1)).await;

    let of_job = format!("FROM sys_quartz_job_log WHERE job_id = '{id}' AND trigger_type = 'schedule'");
    let runs = count(a.db(), &format!("SELECT COUNT(*) AS n {of_job}")).await;
    let slots = count(a.db(), &format!("SELECT COUNT(DISTINCT slot_time) AS n {of_job}")).await;
    let failed = count(a.db(), &format!("SELECT COUNT(*) AS n {of_job} AND status <> 'success'")).await;
    assert_eq!(runs, slots, "a slot ran twice ({runs} runs of {slots} slots)");
    assert!((50..=61).contains(&slots), "{slots} of a minute's 60 slots ran");
    assert_eq!(failed, 0, "every run succeeded");
}
