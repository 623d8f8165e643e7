//! The dictionaries the application itself reads. A dictionary is inserted with its items the
//! first time its code is missing and never overwritten: what an administrator changes stays.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};

use crate::platform::db::schema::{sys_dict, sys_dict_item};
use crate::platform::db::{Db, DbResult};
use crate::{platform::secrets, with_conn, with_write};

/// `(value, zh, en, colour)`.
type SeedItem = (&'static str, &'static str, &'static str, Option<&'static str>);

struct SeedDict {
    code: &'static str,
    zh: &'static str,
    en: &'static str,
    items: &'static [SeedItem],
}

const DICTS: &[SeedDict] = &[
    SeedDict {
        code: "user_status",
        zh: "用户状态",
        en: "User status",
        items: &[("1", "正常", "Normal", Some("green")), ("2", "冻结", "Frozen", Some("red"))],
    },
    SeedDict { code: "sex", zh: "性别", en: "Sex", items: &[("1", "男", "Male", None), ("2", "女", "Female", None)] },
    SeedDict {
        code: "priority",
        zh: "优先级",
        en: "Priority",
        items: &[
            ("L", "一般", "General", Some("gray")),
            ("M", "重要", "Important", Some("orange")),
            ("H", "紧急", "Urgent", Some("red")),
        ],
    },
    SeedDict {
        code: "msg_category",
        zh: "消息类型",
        en: "Message category",
        items: &[("1", "通知公告", "Announcement", Some("blue")), ("2", "系统消息", "System message", Some("purple"))],
    },
    SeedDict {
        code: "msg_type",
        zh: "通告对象",
        en: "Recipients",
        items: &[("ALL", "全体用户", "All users", None), ("USER", "指定用户", "Chosen users", None)],
    },
    SeedDict {
        code: "send_status",
        zh: "发布状态",
        en: "Release status",
        items: &[
            ("0", "未发布", "Draft", Some("gray")),
            ("1", "已发布", "Released", Some("green")),
            ("2", "已撤销", "Revoked", Some("orange")),
        ],
    },
    SeedDict {
        code: "open_type",
        zh: "打开方式",
        en: "Open as",
        items: &[("url", "页面地址", "Page", None), ("component", "详情弹窗", "Detail window", None)],
    },
    SeedDict {
        code: "shipment_type",
        zh: "订单类型",
        en: "Shipment type",
        items: &[
            ("B2B", "B2B", "B2B", Some("blue")),
            ("B2C", "B2C", "B2C", Some("teal")),
            ("FBA", "FBA", "FBA", Some("orange")),
            ("WMS", "WMS", "WMS", Some("purple")),
        ],
    },
    SeedDict {
        code: "currency",
        zh: "币种",
        en: "Currency",
        items: &[
            ("CNY", "人民币", "Chinese yuan", None),
            ("USD", "美元", "US dollar", None),
            ("EUR", "欧元", "Euro", None),
            ("GBP", "英镑", "Pound sterling", None),
            ("JPY", "日元", "Japanese yen", None),
            ("HKD", "港币", "Hong Kong dollar", None),
            ("AUD", "澳元", "Australian dollar", None),
            ("CAD", "加元", "Canadian dollar", None),
        ],
    },
    SeedDict {
        code: "weight_unit",
        zh: "重量单位",
        en: "Weight unit",
        items: &[("kg", "千克", "Kilogram", None), ("g", "克", "Gram", None), ("lb", "磅", "Pound", None)],
    },
    SeedDict {
        code: "length_unit",
        zh: "长度单位",
        en: "Length unit",
        items: &[("cm", "厘米", "Centimetre", None), ("mm", "毫米", "Millimetre", None), ("in", "英寸", "Inch", None)],
    },
    SeedDict {
        code: "log_type",
        zh: "日志类型",
        en: "Log type",
        items: &[("1", "登录日志", "Sign-in", None), ("2", "操作日志", "Operation", None), ("3", "访问日志", "Visit", None)],
    },
    SeedDict {
        code: "operate_type",
        zh: "操作类型",
        en: "Operation type",
        items: &[
            ("1", "查询", "Query", None),
            ("2", "添加", "Add", Some("green")),
            ("3", "修改", "Edit", Some("blue")),
            ("4", "删除", "Delete", Some("red")),
            ("5", "其他", "Other", Some("gray")),
        ],
    },
    SeedDict { code: "yn", zh: "是否", en: "Yes/no", items: &[("1", "是", "Yes", None), ("0", "否", "No", None)] },
];

pub async fn run(db: &Db) -> DbResult<()> {
    let existing: Vec<String> = with_conn!(db, |conn| sys_dict::table.select(sys_dict::dict_code).load(conn).await?);
    let now = chrono::Utc::now().naive_utc();
    for dict in DICTS.iter().filter(|d| !existing.iter().any(|c| c == d.code)) {
        let dict_id = secrets::new_id();
        with_write!(db, |conn| {
            conn.transaction(async |tx| {
                let inserted = diesel::insert_into(sys_dict::table)
                    .values((
                        sys_dict::id.eq(&dict_id),
                        sys_dict::dict_name.eq(dict.zh),
                        sys_dict::dict_name_en.eq(dict.en),
                        sys_dict::dict_code.eq(dict.code),
                        sys_dict::system_flag.eq(true),
                        sys_dict::create_by.eq("system"),
                        sys_dict::create_time.eq(now),
                    ))
                    .on_conflict_do_nothing()
                    .execute(tx)
                    .await?;
                if inserted == 0 {
                    // Another instance seeded it at the same moment.
                    return Ok(());
                }
                for (sort, (value, zh, en, color)) in dict.items.iter().enumerate() {
                    diesel::insert_into(sys_dict_item::table)
                        .values((
                            sys_dict_item::id.eq(secrets::new_id()),
                            sys_dict_item::dict_id.eq(&dict_id),
                            sys_dict_item::item_text.eq(*zh),
                            sys_dict_item::item_text_en.eq(*en),
                            sys_dict_item::item_value.eq(*value),
                            sys_dict_item::item_color.eq(*color),
                            sys_dict_item::sort_order.eq(i32::try_from(sort).unwrap_or(0) + 1),
                            sys_dict_item::status.eq(1i16),
                            sys_dict_item::create_by.eq("system"),
                            sys_dict_item::create_time.eq(now),
                        ))
                        .on_conflict_do_nothing()
                        .execute(tx)
                        .await?;
                }
                Ok::<(), diesel::result::Error>(())
            })
            .await?;
        });
    }
    Ok(())
}
