//! `platform::db::prepared`: constant SQL with `$n` binds, prepared once per connection.

use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::RunQueryDsl;
use logistics_server::platform::db::Db;
use logistics_server::platform::db::prepared::prepared;

use crate::common::TestApp;

#[derive(QueryableByName, Debug, PartialEq)]
struct Row {
    #[diesel(sql_type = BigInt)]
    sum: i64,
    #[diesel(sql_type = Text)]
    text: String,
}

#[tokio::test(flavor = "multi_thread")]
async fn binds_land_where_their_numbers_say_and_a_missing_one_is_an_error() {
    let Some(app) = TestApp::postgres().await else { return };
    let Db::Postgres(pool, _) = app.db() else { unreachable!("a PostgreSQL app") };
    let mut conn = pool.get().await.unwrap();
    // `$2` before `$1`, `$1` twice, a `$` inside no placeholder's way.
    let sql = "SELECT $2::int8 + $1::int8 + $1::int8 AS sum, $3::text || '$' AS text";
    for round in 0..3_i64 {
        let row: Row = prepared(sql)
            .bind::<BigInt, _>(round)
            .bind::<BigInt, _>(100_i64)
            .bind::<Text, _>(format!("r{round}"))
            .get_result(&mut *conn)
            .await
            .unwrap();
        assert_eq!(row, Row { sum: 100 + 2 * round, text: format!("r{round}$") });
    }
    let missing =
        prepared("SELECT $1::int8 + $2::int8 AS sum, 'x' AS text").bind::<BigInt, _>(1_i64).get_result::<Row>(&mut *conn).await;
    assert!(missing.unwrap_err().to_string().contains("no bind for `$2`"));
}
