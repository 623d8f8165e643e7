//! The menu of the pages that exist and their button permissions, with titles in both languages.
//! Rows are inserted once (fixed ids, so every instance seeds the same rows) and never
//! overwritten: what an administrator changes later stays changed. A menu seeded for the first
//! time is granted to the tenants' `customer` roles when it is meant for customers.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use super::{BUTTON, MENU, SUB_MENU};
use crate::platform::db::schema::{sys_permission, sys_role, sys_role_permission};
use crate::platform::db::{Db, DbResult};
use crate::{system::roles, with_conn, with_write};

/// A button of a menu: `(id, (zh, en), permission code)`.
pub type SeedButton = (&'static str, (&'static str, &'static str), &'static str);

#[derive(Clone, Copy, Debug)]
pub struct SeedMenu {
    pub id: &'static str,
    pub parent: Option<&'static str>,
    pub zh: &'static str,
    pub en: &'static str,
    /// Path for menus; empty for buttons.
    pub url: &'static str,
    pub component: &'static str,
    pub redirect: Option<&'static str>,
    pub icon: &'static str,
    /// The permission code (buttons, and the `:list` code of admin pages).
    pub perms: Option<&'static str>,
    pub button: bool,
    pub sort: i32,
    /// Only the platform tenant may hold it.
    pub platform_only: bool,
    /// Granted to the `customer` role (main accounts).
    pub customer: bool,
    /// Its buttons: under it, in this order, for its audience (see [`all`]).
    pub buttons: &'static [SeedButton],
}

const fn menu(
    id: &'static str,
    parent: Option<&'static str>,
    (zh, en): (&'static str, &'static str),
    (url, component): (&'static str, &'static str),
    icon: &'static str,
    sort: i32,
) -> SeedMenu {
    SeedMenu {
        id,
        parent,
        zh,
        en,
        url,
        component,
        redirect: None,
        icon,
        perms: None,
        button: false,
        sort,
        platform_only: false,
        customer: false,
        buttons: &[],
    }
}

const fn page(
    id: &'static str,
    parent: &'static str,
    names: (&'static str, &'static str),
    route: (&'static str, &'static str),
    icon: &'static str,
    perms: &'static str,
    sort: i32,
) -> SeedMenu {
    SeedMenu { perms: Some(perms), ..menu(id, Some(parent), names, route, icon, sort) }
}

const fn button(
    id: &'static str,
    parent: &'static str,
    (zh, en): (&'static str, &'static str),
    perms: &'static str,
    sort: i32,
) -> SeedMenu {
    SeedMenu { perms: Some(perms), button: true, ..menu(id, Some(parent), (zh, en), ("", ""), "", sort) }
}

impl SeedMenu {
    const fn with_buttons(self, buttons: &'static [SeedButton]) -> SeedMenu {
        SeedMenu { buttons, ..self }
    }
}

const fn for_customers(m: SeedMenu) -> SeedMenu {
    SeedMenu { customer: true, ..m }
}

const fn platform_only(m: SeedMenu) -> SeedMenu {
    SeedMenu { platform_only: true, ..m }
}

pub const MENUS: &[SeedMenu] = &[
    for_customers(menu(
        "menu_dashboard",
        None,
        ("首页", "Dashboard"),
        ("/dashboard/analysis", "dashboard/Analysis"),
        "dashboard",
        1,
    )),
    SeedMenu {
        redirect: Some("/system/user"),
        ..menu("menu_system", None, ("系统管理", "System"), ("/system", "layouts/RouteView"), "setting", 80)
    },
    page(
        "menu_system_user",
        "menu_system",
        ("用户管理", "Users"),
        ("/system/user", "system/UserList"),
        "user",
        "system:user:list",
        1,
    )
    .with_buttons(&[
        ("btn_user_add", ("添加用户", "Add user"), "system:user:add"),
        ("btn_user_edit", ("编辑用户", "Edit user"), "system:user:edit"),
        ("btn_user_delete", ("删除用户", "Delete user"), "system:user:delete"),
        ("btn_user_freeze", ("冻结/解冻", "Freeze/unfreeze"), "system:user:freeze"),
        ("btn_user_password", ("重置密码", "Reset password"), "system:user:resetPassword"),
    ]),
    page(
        "menu_system_role",
        "menu_system",
        ("角色管理", "Roles"),
        ("/system/role", "system/RoleList"),
        "team",
        "system:role:list",
        2,
    )
    .with_buttons(&[
        ("btn_role_add", ("添加角色", "Add role"), "system:role:add"),
        ("btn_role_edit", ("编辑角色", "Edit role"), "system:role:edit"),
        ("btn_role_delete", ("删除角色", "Delete role"), "system:role:delete"),
        ("btn_role_authorize", ("角色授权", "Authorize role"), "system:role:authorize"),
    ]),
    platform_only(
        page(
            "menu_system_permission",
            "menu_system",
            ("菜单管理", "Menus"),
            ("/system/permission", "system/PermissionList"),
            "file-text",
            "system:permission:list",
            3,
        )
        .with_buttons(&[
            ("btn_permission_add", ("添加菜单", "Add menu"), "system:permission:add"),
            ("btn_permission_edit", ("编辑菜单", "Edit menu"), "system:permission:edit"),
            ("btn_permission_delete", ("删除菜单", "Delete menu"), "system:permission:delete"),
        ]),
    ),
    page(
        "menu_system_depart",
        "menu_system",
        ("部门管理", "Departments"),
        ("/system/depart", "system/DepartList"),
        "apartment",
        "system:depart:list",
        4,
    )
    .with_buttons(&[
        ("btn_depart_add", ("添加部门", "Add department"), "system:depart:add"),
        ("btn_depart_edit", ("编辑部门", "Edit department"), "system:depart:edit"),
        ("btn_depart_delete", ("删除部门", "Delete department"), "system:depart:delete"),
        ("btn_depart_authorize", ("部门授权", "Department permissions"), "system:depart:authorize"),
        ("btn_depart_role", ("部门角色", "Department roles"), "system:depart:role"),
    ]),
    platform_only(
        page(
            "menu_system_tenant",
            "menu_system",
            ("租户管理", "Tenants"),
            ("/system/tenant", "system/TenantList"),
            "bank",
            "system:tenant:list",
            5,
        )
        .with_buttons(&[
            ("btn_tenant_add", ("添加租户", "Add tenant"), "system:tenant:add"),
            ("btn_tenant_edit", ("编辑租户", "Edit tenant"), "system:tenant:edit"),
            ("btn_tenant_delete", ("删除租户", "Delete tenant"), "system:tenant:delete"),
        ]),
    ),
    // The print centre: the tenant's label templates.
    page(
        "menu_system_print_template",
        "menu_system",
        ("打印中心", "Print centre"),
        ("/system/printTemplate", "system/PrintTemplateList"),
        "printer",
        "system:printTemplate:list",
        20,
    )
    .with_buttons(&[
        ("btn_print_template_add", ("添加模板", "Add templates"), "system:printTemplate:add"),
        ("btn_print_template_edit", ("编辑模板", "Edit templates"), "system:printTemplate:edit"),
        ("btn_print_template_delete", ("删除模板", "Delete templates"), "system:printTemplate:delete"),
    ]),
    page(
        "menu_system_position",
        "menu_system",
        ("职务管理", "Positions"),
        ("/system/position", "system/PositionList"),
        "idcard",
        "system:position:list",
        6,
    )
    .with_buttons(&[
        ("btn_position_add", ("添加职务", "Add position"), "system:position:add"),
        ("btn_position_edit", ("编辑职务", "Edit position"), "system:position:edit"),
        ("btn_position_delete", ("删除职务", "Delete position"), "system:position:delete"),
    ]),
    platform_only(
        page(
            "menu_system_dict",
            "menu_system",
            ("数据字典", "Dictionaries"),
            ("/system/dict", "system/DictList"),
            "book",
            "system:dict:list",
            7,
        )
        .with_buttons(&[
            ("btn_dict_add", ("添加字典", "Add dictionary"), "system:dict:add"),
            ("btn_dict_edit", ("编辑字典", "Edit dictionary"), "system:dict:edit"),
            ("btn_dict_delete", ("删除字典", "Delete dictionary"), "system:dict:delete"),
        ]),
    ),
    page(
        "menu_system_category",
        "menu_system",
        ("分类字典", "Categories"),
        ("/system/category", "system/CategoryList"),
        "cluster",
        "system:category:list",
        8,
    )
    .with_buttons(&[
        ("btn_category_add", ("添加分类", "Add category"), "system:category:add"),
        ("btn_category_edit", ("编辑分类", "Edit category"), "system:category:edit"),
        ("btn_category_delete", ("删除分类", "Delete category"), "system:category:delete"),
    ]),
    platform_only(
        page(
            "menu_system_country",
            "menu_system",
            ("国家地区", "Countries"),
            ("/system/country", "system/CountryList"),
            "global",
            "system:country:list",
            9,
        )
        .with_buttons(&[
            ("btn_country_add", ("添加国家", "Add country"), "system:country:add"),
            ("btn_country_edit", ("编辑国家", "Edit country"), "system:country:edit"),
            ("btn_country_delete", ("删除国家", "Delete country"), "system:country:delete"),
        ]),
    ),
    page(
        "menu_system_log",
        "menu_system",
        ("日志管理", "Logs"),
        ("/system/log", "system/LogList"),
        "profile",
        "system:log:list",
        10,
    ),
    page(
        "menu_system_announcement",
        "menu_system",
        ("通告管理", "Announcements"),
        ("/system/annountCement", "system/AnnouncementList"),
        "notification",
        "system:announcement:list",
        11,
    )
    .with_buttons(&[
        ("btn_annt_add", ("添加通告", "Add announcement"), "system:announcement:add"),
        ("btn_annt_edit", ("编辑通告", "Edit announcement"), "system:announcement:edit"),
        ("btn_annt_delete", ("删除通告", "Delete announcement"), "system:announcement:delete"),
        ("btn_annt_release", ("发布/撤销", "Release/revoke"), "system:announcement:release"),
    ]),
    // Scheduled jobs run for the whole platform: its administrators only.
    platform_only(
        page(
            "menu_system_quartz_job",
            "menu_system",
            ("定时任务", "Scheduled jobs"),
            ("/system/quartzJob", "system/QuartzJobList"),
            "clock-circle",
            "system:quartzJob:list",
            12,
        )
        .with_buttons(&[
            ("btn_quartz_job_add", ("添加任务", "Add jobs"), "system:quartzJob:add"),
            ("btn_quartz_job_edit", ("编辑、暂停、恢复任务", "Edit, pause, resume jobs"), "system:quartzJob:edit"),
            ("btn_quartz_job_delete", ("删除任务", "Delete jobs"), "system:quartzJob:delete"),
            ("btn_quartz_job_execute", ("立即执行", "Run jobs now"), "system:quartzJob:execute"),
        ]),
    ),
    // Online reports read the platform's database or a data source: its administrators build them.
    platform_only(
        page(
            "menu_online_cgreport",
            "menu_system",
            ("Online报表", "Online reports"),
            ("/online/cgreport", "online/CgReportList"),
            "table",
            "online:report:list",
            13,
        )
        .with_buttons(&[
            ("btn_cgreport_add", ("添加报表", "Add reports"), "online:report:add"),
            ("btn_cgreport_edit", ("编辑报表", "Edit reports"), "online:report:edit"),
            ("btn_cgreport_delete", ("删除报表", "Delete reports"), "online:report:delete"),
        ]),
    ),
    platform_only(
        page(
            "menu_system_data_source",
            "menu_system",
            ("数据源管理", "Data sources"),
            ("/system/dataSource", "system/DataSourceList"),
            "database",
            "system:dataSource:list",
            14,
        )
        .with_buttons(&[
            ("btn_data_source_add", ("添加数据源", "Add data sources"), "system:dataSource:add"),
            ("btn_data_source_edit", ("编辑数据源", "Edit data sources"), "system:dataSource:edit"),
            ("btn_data_source_delete", ("删除数据源", "Delete data sources"), "system:dataSource:delete"),
        ]),
    ),
    // Gateway routes lead to upstreams only the operator allows: the platform's administrators.
    platform_only(
        page(
            "menu_system_gateway_route",
            "menu_system",
            ("网关路由", "Gateway routes"),
            ("/system/gatewayRoute", "system/GatewayRouteList"),
            "global",
            "system:gatewayRoute:list",
            15,
        )
        .with_buttons(&[
            ("btn_gateway_route_add", ("添加路由", "Add routes"), "system:gatewayRoute:add"),
            ("btn_gateway_route_edit", ("编辑路由", "Edit routes"), "system:gatewayRoute:edit"),
            ("btn_gateway_route_delete", ("删除路由", "Delete routes"), "system:gatewayRoute:delete"),
        ]),
    ),
    // Logistics: what customers (and staff) use to price and choose a channel.
    SeedMenu {
        redirect: Some("/logistics/priceForecast"),
        ..for_customers(menu("menu_logistics", None, ("物流管理", "Logistics"), ("/logistics", "layouts/RouteView"), "car", 20))
    },
    for_customers(page(
        "menu_logistics_forecast",
        "menu_logistics",
        ("价格预估", "Price forecast"),
        ("/logistics/priceForecast", "logistics/PriceForecast"),
        "calculator",
        "logistics:priceForecast:query",
        1,
    )),
    for_customers(page(
        "menu_logistics_products",
        "menu_logistics",
        ("渠道产品", "Channel products"),
        ("/logistics/channelProduct", "logistics/ChannelProductList"),
        "appstore",
        "logistics:channelProduct:mine",
        2,
    )),
    // Printers: each user's own, for every page that prints labels.
    for_customers(page(
        "menu_logistics_printer",
        "menu_logistics",
        ("打印机设置", "Printers"),
        ("/logistics/lodopPrinter", "logistics/PrinterList"),
        "printer",
        "logistics:printer:list",
        9,
    ))
    .with_buttons(&[
        ("btn_printer_add", ("添加打印机", "Add printers"), "logistics:printer:add"),
        ("btn_printer_edit", ("编辑打印机", "Edit printers"), "logistics:printer:edit"),
        ("btn_printer_delete", ("删除打印机", "Delete printers"), "logistics:printer:delete"),
    ]),
    // The wallet: customers' accounts, recharges and trade records (their own; staff the
    // tenant's, with the staff-only buttons and pages below).
    for_customers(page(
        "menu_logistics_payment",
        "menu_logistics",
        ("支付账户", "Payment account"),
        ("/logistics/payment", "logistics/PaymentAccount"),
        "wallet",
        "logistics:wallet:account:list",
        3,
    ))
    .with_buttons(&[("btn_wallet_spend", ("钱包支付", "Pay from the wallet"), "logistics:wallet:spend")]),
    button("btn_wallet_credit", "menu_logistics_payment", ("信用额度", "Credit limits"), "logistics:wallet:account:credit", 10),
    button(
        "btn_wallet_frozen",
        "menu_logistics_payment",
        ("冻结/解冻账户", "Freeze/unfreeze accounts"),
        "logistics:wallet:account:frozen",
        11,
    ),
    button("btn_wallet_adjust", "menu_logistics_payment", ("余额调整", "Adjust balances"), "logistics:wallet:adjust", 12),
    for_customers(page(
        "menu_logistics_recharge",
        "menu_logistics",
        ("充值", "Recharge"),
        ("/logistics/recharge", "logistics/RechargeList"),
        "money-collect",
        "logistics:wallet:recharge:list",
        4,
    ))
    .with_buttons(&[("btn_wallet_recharge_add", ("充值申请", "Submit recharges"), "logistics:wallet:recharge:add")]),
    button(
        "btn_wallet_recharge_confirm",
        "menu_logistics_recharge",
        ("充值确认", "Confirm recharges"),
        "logistics:wallet:recharge:confirm",
        10,
    ),
    button(
        "btn_wallet_recharge_reject",
        "menu_logistics_recharge",
        ("充值驳回", "Reject recharges"),
        "logistics:wallet:recharge:reject",
        11,
    ),
    for_customers(page(
        "menu_logistics_trade",
        "menu_logistics",
        ("交易明细", "Trade detail"),
        ("/logistics/trade", "logistics/TradeList"),
        "transaction",
        "logistics:wallet:trade:list",
        5,
    ))
    .with_buttons(&[("btn_wallet_trade_export", ("交易明细导出", "Export trade records"), "logistics:wallet:trade:export")]),
    page(
        "menu_logistics_hold",
        "menu_logistics",
        ("预扣记录", "Holds"),
        ("/logistics/hold", "logistics/HoldList"),
        "lock",
        "logistics:wallet:hold:list",
        6,
    ),
    page(
        "menu_logistics_reconcile",
        "menu_logistics",
        ("对账", "Reconciliation"),
        ("/logistics/reconcile", "logistics/Reconcile"),
        "audit",
        "logistics:wallet:reconcile",
        7,
    ),
    // Orders: customers' B2B, B2C, FBA and WMS orders (a page per type), shippers and depots;
    // staff's order management across customers. The order buttons sit on the group: every type's
    // page uses them.
    SeedMenu {
        redirect: Some("/shipment/b2c"),
        ..for_customers(menu("menu_shipment", None, ("订单管理", "Orders"), ("/shipment", "layouts/RouteView"), "container", 15))
    }
    .with_buttons(&[
        ("btn_shipment_add", ("新建订单", "Create orders"), "logistics:shipment:add"),
        ("btn_shipment_edit", ("编辑订单", "Edit orders"), "logistics:shipment:edit"),
        ("btn_shipment_delete", ("删除订单", "Delete orders"), "logistics:shipment:delete"),
        ("btn_shipment_submit", ("提交订单", "Submit orders"), "logistics:shipment:submit"),
        ("btn_shipment_cancel", ("取消订单", "Cancel orders"), "logistics:shipment:cancel"),
        ("btn_shipment_import", ("导入订单", "Import orders"), "logistics:shipment:import"),
        ("btn_shipment_export", ("导出订单", "Export orders"), "logistics:shipment:export"),
        ("btn_shipment_print", ("打印标签", "Print labels"), "logistics:shipment:print"),
        ("btn_carrier_label_upload", ("上传承运商面单", "Upload carrier labels"), "logistics:carrierLabel:upload"),
    ]),
    for_customers(page(
        "menu_shipment_b2c",
        "menu_shipment",
        ("B2C订单", "B2C orders"),
        ("/shipment/b2c", "shipment/B2cList"),
        "shopping",
        "logistics:shipment:b2c",
        1,
    )),
    for_customers(page(
        "menu_shipment_b2b",
        "menu_shipment",
        ("B2B订单", "B2B orders"),
        ("/shipment/b2b", "shipment/B2bList"),
        "bank",
        "logistics:shipment:b2b",
        2,
    )),
    for_customers(page(
        "menu_shipment_fba",
        "menu_shipment",
        ("FBA订单", "FBA orders"),
        ("/shipment/fba", "shipment/FbaList"),
        "amazon",
        "logistics:shipment:fba",
        3,
    )),
    for_customers(page(
        "menu_shipment_wms",
        "menu_shipment",
        ("WMS订单", "WMS orders"),
        ("/shipment/wms", "shipment/WmsList"),
        "database",
        "logistics:shipment:wms",
        4,
    )),
    for_customers(page(
        "menu_shipment_shipper",
        "menu_shipment",
        ("发件人", "Shippers"),
        ("/shipment/shipper", "shipment/ShipperList"),
        "contacts",
        "logistics:shipper:list",
        5,
    ))
    .with_buttons(&[
        ("btn_shipper_add", ("添加发件人", "Add shippers"), "logistics:shipper:add"),
        ("btn_shipper_edit", ("编辑发件人", "Edit shippers"), "logistics:shipper:edit"),
        ("btn_shipper_delete", ("删除发件人", "Delete shippers"), "logistics:shipper:delete"),
    ]),
    for_customers(page(
        "menu_shipment_depot",
        "menu_shipment",
        ("仓库", "Depots"),
        ("/shipment/depot", "shipment/DepotList"),
        "home",
        "logistics:depot:list",
        6,
    ))
    .with_buttons(&[
        ("btn_depot_add", ("添加仓库", "Add depots"), "logistics:depot:add"),
        ("btn_depot_edit", ("编辑仓库", "Edit depots"), "logistics:depot:edit"),
        ("btn_depot_delete", ("删除仓库", "Delete depots"), "logistics:depot:delete"),
    ]),
    page(
        "menu_shipment_all",
        "menu_shipment",
        ("订单总览", "All orders"),
        ("/shipment/all", "shipment/AllList"),
        "unordered-list",
        "logistics:shipment:list",
        7,
    ),
    // UPS WorldShip: orders out as its auto-import XML, its tracking numbers back in.
    page(
        "menu_shipment_world_ship",
        "menu_shipment",
        ("WorldShip", "WorldShip"),
        ("/shipment/worldShip", "shipment/WorldShip"),
        "cloud-upload",
        "logistics:worldShip:list",
        16,
    )
    .with_buttons(&[
        ("btn_world_ship_export", ("导出WorldShip文件", "Export for WorldShip"), "logistics:worldShip:export"),
        ("btn_world_ship_import", ("导入WorldShip结果", "Import WorldShip results"), "logistics:worldShip:import"),
    ]),
    for_customers(page(
        "menu_shipment_product",
        "menu_shipment",
        ("商品资料", "Products"),
        ("/shipment/product", "shipment/ProductList"),
        "book",
        "logistics:parcelProduct:list",
        8,
    ))
    .with_buttons(&[
        ("btn_parcel_product_add", ("添加商品", "Add products"), "logistics:parcelProduct:add"),
        ("btn_parcel_product_edit", ("编辑商品", "Edit products"), "logistics:parcelProduct:edit"),
        ("btn_parcel_product_delete", ("删除商品", "Delete products"), "logistics:parcelProduct:delete"),
    ]),
    for_customers(page(
        "menu_shipment_predict_batch",
        "menu_shipment",
        ("预报批次", "Predict batches"),
        ("/shipment/predictBatch", "shipment/PredictBatchList"),
        "file-text",
        "logistics:predictBatch:list",
        9,
    ))
    .with_buttons(&[
        ("btn_predict_batch_add", ("添加批次", "Add batches"), "logistics:predictBatch:add"),
        ("btn_predict_batch_edit", ("编辑批次", "Edit batches"), "logistics:predictBatch:edit"),
        ("btn_predict_batch_delete", ("删除批次", "Delete batches"), "logistics:predictBatch:delete"),
        ("btn_predict_batch_hand_over", ("批次交仓", "Hand batches over"), "logistics:predictBatch:handOver"),
        ("btn_predict_batch_reopen", ("撤回交仓", "Reopen batches"), "logistics:predictBatch:reopen"),
    ]),
    for_customers(page(
        "menu_shipment_fba_waybill",
        "menu_shipment",
        ("FBA运单", "FBA waybills"),
        ("/shipment/fbaWaybill", "shipment/FbaWaybillList"),
        "truck",
        "logistics:fbaOrder:list",
        10,
    ))
    .with_buttons(&[("btn_fba_order_edit", ("登记送仓", "Record deliveries"), "logistics:fbaOrder:edit")]),
    // Change label: scan an old number, the parcel gets a new one and prints again.
    for_customers(page(
        "menu_shipment_change_label",
        "menu_shipment",
        ("换标", "Change label"),
        ("/shipment/changeLabel", "shipment/ChangeLabel"),
        "swap",
        "logistics:labelSwap:list",
        12,
    ))
    .with_buttons(&[("btn_label_swap_add", ("换标", "Swap labels"), "logistics:labelSwap:add")]),
    for_customers(page(
        "menu_shipment_delivery_number",
        "menu_shipment",
        ("派送单号", "Delivery numbers"),
        ("/shipment/deliveryNumber", "shipment/DeliveryNumberList"),
        "search",
        "logistics:deliveryNumber:list",
        11,
    ))
    .with_buttons(&[("btn_delivery_number_void", ("作废单号", "Void numbers"), "logistics:deliveryNumber:void")]),
    // Track search: the statuses and timelines of up to 100 of the caller's own numbers.
    for_customers(page(
        "menu_shipment_track_search",
        "menu_shipment",
        ("轨迹查询", "Track search"),
        ("/shipment/trackSearch", "shipment/TrackSearch"),
        "environment",
        "logistics:track:search",
        13,
    )),
    // Out-track search: the last-mile carriers' numbers, with the courier each looks like.
    for_customers(page(
        "menu_shipment_out_track_search",
        "menu_shipment",
        ("转单号查询", "Out-track search"),
        ("/shipment/outTrackSearch", "shipment/OutTrackSearch"),
        "global",
        "logistics:track:outSearch",
        15,
    )),
    // Tracking webhooks: a customer's URL hears its orders' status changes.
    for_customers(page(
        "menu_shipment_track_subscription",
        "menu_shipment",
        ("轨迹推送", "Tracking webhooks"),
        ("/shipment/trackSubscription", "shipment/TrackSubscriptionList"),
        "api",
        "logistics:trackSubscription:list",
        14,
    ))
    .with_buttons(&[
        ("btn_track_subscription_add", ("添加推送", "Add webhooks"), "logistics:trackSubscription:add"),
        ("btn_track_subscription_edit", ("编辑推送、重发", "Edit webhooks, resend"), "logistics:trackSubscription:edit"),
        ("btn_track_subscription_delete", ("删除推送", "Delete webhooks"), "logistics:trackSubscription:delete"),
    ]),
    // Warehouse: parcels received by scan (single, batch, PDA), the inbound list.
    SeedMenu {
        redirect: Some("/warehouse/intoParcel"),
        ..menu("menu_warehouse", None, ("仓库作业", "Warehouse"), ("/warehouse", "layouts/RouteView"), "bank", 25)
    },
    page(
        "menu_warehouse_into_parcel",
        "menu_warehouse",
        ("单件入库", "Into parcel"),
        ("/warehouse/intoParcel", "warehouse/IntoParcel"),
        "search",
        "logistics:inbound:scan",
        1,
    ),
    page(
        "menu_warehouse_batch_into_parcel",
        "menu_warehouse",
        ("批量入库", "Batch into parcel"),
        ("/warehouse/batchIntoParcel", "warehouse/BatchIntoParcel"),
        "file-text",
        "logistics:inbound:batch",
        2,
    ),
    page(
        "menu_warehouse_pda_sort_storage",
        "menu_warehouse",
        ("PDA分拣入库", "PDA sort-storage"),
        ("/warehouse/pdaSortStorage", "warehouse/PdaSortStorage"),
        "idcard",
        "logistics:inbound:pda",
        3,
    ),
    page(
        "menu_warehouse_inbound",
        "menu_warehouse",
        ("入库包裹", "Inbound parcels"),
        ("/warehouse/inboundParcel", "warehouse/InboundParcelList"),
        "book",
        "logistics:inbound:list",
        4,
    )
    .with_buttons(&[
        ("btn_inbound_add", ("扫描入库（单件、批量、PDA）", "Receive parcels (single, batch, PDA)"), "logistics:inbound:add"),
        ("btn_inbound_export", ("导出入库包裹", "Export inbound parcels"), "logistics:inbound:export"),
    ]),
    page(
        "menu_warehouse_sort_pack",
        "menu_warehouse",
        ("分拣装包", "Sort-pack"),
        ("/warehouse/sortPack", "warehouse/SortPack"),
        "search",
        "logistics:outPackage:sort",
        5,
    ),
    page(
        "menu_warehouse_out_package",
        "menu_warehouse",
        ("出库包", "Out-packages"),
        ("/warehouse/outPackage", "warehouse/OutPackageList"),
        "file-text",
        "logistics:outPackage:list",
        6,
    )
    .with_buttons(&[
        ("btn_out_package_add", ("分拣装包、建包", "Sort-pack, create packages"), "logistics:outPackage:add"),
        ("btn_out_package_delete", ("删除出库包", "Delete out-packages"), "logistics:outPackage:delete"),
        ("btn_out_package_export", ("导出出库包", "Export out-packages"), "logistics:outPackage:export"),
    ]),
    page(
        "menu_warehouse_out_batch",
        "menu_warehouse",
        ("出库批次", "Out-batches"),
        ("/warehouse/outBatch", "warehouse/OutBatchList"),
        "truck",
        "logistics:outBatch:list",
        7,
    )
    .with_buttons(&[
        ("btn_out_batch_add", ("创建批次、装批", "Create batches, add packages"), "logistics:outBatch:add"),
        ("btn_out_batch_delete", ("删除出库批次", "Delete out-batches"), "logistics:outBatch:delete"),
        ("btn_out_batch_hand_over", ("批次交接", "Hand batches over"), "logistics:outBatch:handOver"),
        ("btn_out_batch_export", ("导出出库批次", "Export out-batches"), "logistics:outBatch:export"),
    ]),
    page(
        "menu_warehouse_pda_out_pack",
        "menu_warehouse",
        ("PDA出库装批", "PDA out-pack"),
        ("/warehouse/pdaOutPack", "warehouse/PdaOutPack"),
        "idcard",
        "logistics:outBatch:pda",
        8,
    ),
    // The orders customers submitted and the warehouse expects (the order list, submitted only).
    menu(
        "menu_warehouse_predict_shipment",
        Some("menu_warehouse"),
        ("预报订单", "Predict shipments"),
        ("/warehouse/predictShipment", "warehouse/PredictShipmentList"),
        "book",
        9,
    ),
    // Warehouse management (WMS): the goods customers store with the forwarder.
    SeedMenu {
        redirect: Some("/wms/stock"),
        ..for_customers(menu(
            "menu_wms",
            None,
            ("仓储管理", "Warehouse management"),
            ("/wms", "layouts/RouteView"),
            "database",
            26,
        ))
    },
    for_customers(page(
        "menu_wms_stock",
        "menu_wms",
        ("库存", "Stock"),
        ("/wms/stock", "wms/StockList"),
        "database",
        "wms:stock:list",
        1,
    ))
    .with_buttons(&[("btn_wms_stock_export", ("导出库存", "Export stock"), "wms:stock:export")]),
    for_customers(page(
        "menu_wms_stock_log",
        "menu_wms",
        ("库存流水", "Stock log"),
        ("/wms/stockLog", "wms/StockLogList"),
        "history",
        "wms:stockLog:list",
        2,
    ))
    .with_buttons(&[("btn_wms_stock_log_export", ("导出库存流水", "Export the stock log"), "wms:stockLog:export")]),
    for_customers(page("menu_wms_sku", "menu_wms", ("SKU", "SKUs"), ("/wms/sku", "wms/SkuList"), "barcode", "wms:sku:list", 3))
        .with_buttons(&[
            ("btn_wms_sku_add", ("添加SKU", "Add SKUs"), "wms:sku:add"),
            ("btn_wms_sku_edit", ("编辑SKU", "Edit SKUs"), "wms:sku:edit"),
            ("btn_wms_sku_delete", ("删除SKU", "Delete SKUs"), "wms:sku:delete"),
            ("btn_wms_sku_export", ("导出SKU", "Export SKUs"), "wms:sku:export"),
            ("btn_wms_sku_import", ("导入SKU", "Import SKUs"), "wms:sku:import"),
        ]),
    for_customers(page(
        "menu_wms_forecast",
        "menu_wms",
        ("入库预报", "Inbound forecasts"),
        ("/wms/forecast", "wms/ForecastList"),
        "container",
        "wms:forecast:list",
        4,
    ))
    .with_buttons(&[
        ("btn_wms_forecast_add", ("创建预报", "Announce goods"), "wms:forecast:add"),
        ("btn_wms_forecast_edit", ("编辑、取消预报", "Edit, cancel forecasts"), "wms:forecast:edit"),
        ("btn_wms_forecast_export", ("导出预报", "Export forecasts"), "wms:forecast:export"),
    ]),
    page(
        "menu_wms_location",
        "menu_wms",
        ("库位", "Locations"),
        ("/wms/location", "wms/LocationList"),
        "environment",
        "wms:location:list",
        5,
    )
    .with_buttons(&[
        ("btn_wms_location_add", ("添加库位", "Add locations"), "wms:location:add"),
        ("btn_wms_location_edit", ("编辑库位", "Edit locations"), "wms:location:edit"),
        ("btn_wms_location_delete", ("删除库位", "Delete locations"), "wms:location:delete"),
        ("btn_wms_location_export", ("导出库位", "Export locations"), "wms:location:export"),
        ("btn_wms_location_import", ("导入库位", "Import locations"), "wms:location:import"),
    ]),
    page(
        "menu_wms_pda",
        "menu_wms",
        ("PDA收货上架", "PDA receive and put away"),
        ("/wms/pdaPutaway", "wms/PdaPutaway"),
        "scan",
        "wms:stock:pda",
        6,
    )
    .with_buttons(&[
        ("btn_wms_receive", ("预报收货", "Receive forecasts"), "wms:forecast:receive"),
        ("btn_wms_move", ("库存移动、调整", "Move and adjust stock"), "wms:stock:move"),
    ]),
    // WMS orders' pick lists (reserved at submission) and the PDA page that picks them.
    page(
        "menu_wms_pick",
        "menu_wms",
        ("拣货单", "Pick lists"),
        ("/wms/pick", "wms/PickList"),
        "unordered-list",
        "wms:pick:list",
        7,
    )
    .with_buttons(&[
        ("btn_wms_pick_confirm", ("确认拣货", "Confirm picks"), "wms:pick:confirm"),
        ("btn_wms_pick_export", ("导出拣货单", "Export pick lists"), "wms:pick:export"),
    ]),
    page("menu_wms_pda_pick", "menu_wms", ("PDA拣货", "PDA picking"), ("/wms/pdaPick", "wms/PdaPick"), "scan", "wms:pick:pda", 8),
    page(
        "menu_wms_fee_rate",
        "menu_wms",
        ("仓储费率", "Fee rates"),
        ("/wms/feeRate", "wms/FeeRateList"),
        "money-collect",
        "wms:feeRate:list",
        9,
    )
    .with_buttons(&[
        ("btn_wms_fee_rate_add", ("添加费率", "Add fee rates"), "wms:feeRate:add"),
        ("btn_wms_fee_rate_edit", ("编辑费率", "Edit fee rates"), "wms:feeRate:edit"),
        ("btn_wms_fee_rate_delete", ("删除费率", "Delete fee rates"), "wms:feeRate:delete"),
        ("btn_wms_fee_rate_export", ("导出费率", "Export fee rates"), "wms:feeRate:export"),
        ("btn_wms_fee_run", ("结算仓储费", "Charge a day's fees"), "wms:userFee:run"),
    ]),
    for_customers(page(
        "menu_wms_user_fee",
        "menu_wms",
        ("仓储费用", "Warehouse fees"),
        ("/wms/userFee", "wms/UserFeeList"),
        "account-book",
        "wms:userFee:list",
        10,
    ))
    .with_buttons(&[("btn_wms_user_fee_export", ("导出仓储费用", "Export warehouse fees"), "wms:userFee:export")]),
    // Reverse and returns: parcels that come back, what the customer and staff agree to do.
    SeedMenu {
        redirect: Some("/reverse/return"),
        ..for_customers(menu(
            "menu_reverse",
            None,
            ("逆向退件", "Reverse and returns"),
            ("/reverse", "layouts/RouteView"),
            "rollback",
            27,
        ))
    },
    for_customers(page(
        "menu_reverse_return",
        "menu_reverse",
        ("退件单", "Returns"),
        ("/reverse/return", "reverse/ReturnList"),
        "rollback",
        "reverse:return:list",
        1,
    ))
    .with_buttons(&[
        ("btn_return_add", ("登记退件", "Open returns"), "reverse:return:add"),
        // Edit, cancel, propose the decision, attach files (short: the menu table's name column).
        ("btn_return_edit", ("编辑退件", "Edit returns"), "reverse:return:edit"),
        ("btn_return_export", ("导出退件", "Export returns"), "reverse:return:export"),
    ]),
    page(
        "menu_reverse_receive",
        "menu_reverse",
        ("PDA退件收货", "PDA return receiving"),
        ("/reverse/pdaReceive", "reverse/PdaReturnReceive"),
        "idcard",
        "reverse:return:pda",
        2,
    )
    .with_buttons(&[
        // Approve, reject, decide, complete, add the return's tracking.
        ("btn_return_handle", ("处理退件", "Handle returns"), "reverse:return:handle"),
        ("btn_return_receive", ("扫描退件收货", "Receive returned parcels"), "reverse:return:receive"),
        ("btn_return_account", ("退件费用与退款", "Return fees and refunds"), "reverse:return:account"),
    ]),
    for_customers(page(
        "menu_reverse_account",
        "menu_reverse",
        ("退件费用", "Return accounts"),
        ("/reverse/account", "reverse/ReturnAccountList"),
        "account-book",
        "reverse:returnAccount:list",
        3,
    ))
    .with_buttons(&[(
        "btn_return_account_export",
        ("导出退件费用", "Export return accounts"),
        "reverse:returnAccount:export",
    )]),
    for_customers(page(
        "menu_reverse_attachment",
        "menu_reverse",
        ("退件附件", "Return attachments"),
        ("/reverse/attachment", "reverse/ReturnAttachmentList"),
        "paper-clip",
        "reverse:returnAttachment:list",
        4,
    )),
    for_customers(page(
        "menu_reverse_comment",
        "menu_reverse",
        ("退件留言", "Return comments"),
        ("/reverse/comment", "reverse/ReturnCommentList"),
        "message",
        "reverse:returnComment:list",
        5,
    )),
    for_customers(page(
        "menu_reverse_track",
        "menu_reverse",
        ("退件轨迹", "Return tracks"),
        ("/reverse/track", "reverse/ReturnTrackList"),
        "environment",
        "reverse:returnTrack:list",
        6,
    )),
    // Carrier management: the forwarder's network and prices.
    SeedMenu {
        redirect: Some("/carrier/supplier"),
        ..menu("menu_carrier", None, ("承运商管理", "Carrier management"), ("/carrier", "layouts/RouteView"), "cluster", 30)
    },
    page(
        "menu_carrier_supplier",
        "menu_carrier",
        ("物流商", "Suppliers"),
        ("/carrier/supplier", "carrier/SupplierList"),
        "shop",
        "logistics:supplier:list",
        1,
    )
    .with_buttons(&[
        ("btn_supplier_add", ("物流商添加", "Add suppliers"), "logistics:supplier:add"),
        ("btn_supplier_edit", ("物流商编辑", "Edit suppliers"), "logistics:supplier:edit"),
        ("btn_supplier_delete", ("物流商删除", "Delete suppliers"), "logistics:supplier:delete"),
    ]),
    page(
        "menu_carrier_channel",
        "menu_carrier",
        ("渠道", "Channels"),
        ("/carrier/channel", "carrier/ChannelList"),
        "branches",
        "logistics:channel:list",
        2,
    )
    .with_buttons(&[
        ("btn_channel_add", ("渠道添加", "Add channels"), "logistics:channel:add"),
        ("btn_channel_edit", ("渠道编辑", "Edit channels"), "logistics:channel:edit"),
        ("btn_channel_delete", ("渠道删除", "Delete channels"), "logistics:channel:delete"),
    ]),
    page(
        "menu_carrier_product",
        "menu_carrier",
        ("渠道产品", "Channel products"),
        ("/carrier/channelProduct", "carrier/ChannelProductList"),
        "appstore",
        "logistics:channelProduct:list",
        3,
    )
    .with_buttons(&[
        ("btn_product_add", ("渠道产品添加", "Add channel products"), "logistics:channelProduct:add"),
        ("btn_product_edit", ("渠道产品编辑", "Edit channel products"), "logistics:channelProduct:edit"),
        ("btn_product_delete", ("渠道产品删除", "Delete channel products"), "logistics:channelProduct:delete"),
    ]),
    page(
        "menu_carrier_rate_card",
        "menu_carrier",
        ("报价卡", "Rate cards"),
        ("/carrier/rateCard", "carrier/RateCardList"),
        "table",
        "logistics:rateCard:list",
        4,
    )
    .with_buttons(&[
        ("btn_rate_card_add", ("报价卡添加", "Add rate cards"), "logistics:rateCard:add"),
        ("btn_rate_card_edit", ("报价卡编辑", "Edit rate cards"), "logistics:rateCard:edit"),
        ("btn_rate_card_delete", ("报价卡删除", "Delete rate cards"), "logistics:rateCard:delete"),
        ("btn_rate_card_import", ("报价卡导入", "Import rate cards"), "logistics:rateCard:import"),
        ("btn_rate_card_export", ("报价卡导出", "Export rate cards"), "logistics:rateCard:export"),
    ]),
    page(
        "menu_carrier_price_level",
        "menu_carrier",
        ("客户价格等级", "Price levels"),
        ("/carrier/priceLevel", "carrier/PriceLevelList"),
        "percentage",
        "logistics:priceLevel:list",
        5,
    )
    .with_buttons(&[
        ("btn_price_level_add", ("价格等级添加", "Add price levels"), "logistics:priceLevel:add"),
        ("btn_price_level_edit", ("价格等级编辑", "Edit price levels"), "logistics:priceLevel:edit"),
        ("btn_price_level_delete", ("价格等级删除", "Delete price levels"), "logistics:priceLevel:delete"),
    ]),
    page(
        "menu_carrier_number_segment",
        "menu_carrier",
        ("号段", "Number segments"),
        ("/carrier/numberSegment", "carrier/NumberSegmentList"),
        "number",
        "logistics:numberSegment:list",
        6,
    )
    .with_buttons(&[
        ("btn_numseg_add", ("号段添加", "Add number segments"), "logistics:numberSegment:add"),
        ("btn_numseg_delete", ("号段删除", "Delete number segments"), "logistics:numberSegment:delete"),
        ("btn_numseg_allocate", ("号段取号", "Take tracking numbers"), "logistics:numberSegment:allocate"),
    ]),
    // Carrier labels: the labels carriers supply (issued through their adapters or uploaded).
    page(
        "menu_carrier_label",
        "menu_carrier",
        ("承运商面单", "Carrier labels"),
        ("/carrier/label", "carrier/CarrierLabelList"),
        "file-pdf",
        "logistics:carrierLabel:list",
        7,
    )
    .with_buttons(&[
        ("btn_carrier_label_delete", ("删除承运商面单", "Delete carrier labels"), "logistics:carrierLabel:delete"),
        ("btn_carrier_label_export", ("导出承运商面单", "Export carrier labels"), "logistics:carrierLabel:export"),
    ]),
    // Tracking: every event of every source, and what each source's codes mean.
    page(
        "menu_carrier_track_event",
        "menu_carrier",
        ("轨迹事件", "Tracking events"),
        ("/carrier/trackEvent", "carrier/TrackEventList"),
        "node-index",
        "logistics:trackEvent:list",
        8,
    )
    .with_buttons(&[
        ("btn_track_event_import", ("上传轨迹", "Upload tracking events"), "logistics:trackEvent:import"),
        ("btn_track_event_delete", ("删除轨迹", "Delete tracking events"), "logistics:trackEvent:delete"),
        ("btn_track_event_export", ("导出轨迹", "Export tracking events"), "logistics:trackEvent:export"),
    ]),
    page(
        "menu_carrier_track_mapping",
        "menu_carrier",
        ("轨迹状态映射", "Status mappings"),
        ("/carrier/trackMapping", "carrier/TrackMappingList"),
        "apartment",
        "logistics:trackMapping:list",
        9,
    )
    .with_buttons(&[
        ("btn_track_mapping_add", ("添加映射", "Add mappings"), "logistics:trackMapping:add"),
        ("btn_track_mapping_edit", ("编辑映射", "Edit mappings"), "logistics:trackMapping:edit"),
        ("btn_track_mapping_delete", ("删除映射", "Delete mappings"), "logistics:trackMapping:delete"),
    ]),
    // Couriers: the last-mile carriers the out-track search recognises.
    page(
        "menu_carrier_courier",
        "menu_carrier",
        ("快递公司", "Couriers"),
        ("/carrier/courier", "carrier/CourierList"),
        "car",
        "logistics:courier:list",
        10,
    )
    .with_buttons(&[
        ("btn_courier_add", ("添加快递公司", "Add couriers"), "logistics:courier:add"),
        ("btn_courier_edit", ("编辑快递公司", "Edit couriers"), "logistics:courier:edit"),
        ("btn_courier_delete", ("删除快递公司", "Delete couriers"), "logistics:courier:delete"),
        ("btn_courier_export", ("导出快递公司", "Export couriers"), "logistics:courier:export"),
    ]),
    // Carrier operations: each supplier's services, the forwarder's depots and hand-over points,
    // dispatches to a pickup and the end-of-day manifests.
    page(
        "menu_carrier_service",
        "menu_carrier",
        ("承运商服务", "Carrier services"),
        ("/carrier/service", "carrier/CarrierServiceList"),
        "profile",
        "logistics:carrierService:list",
        11,
    )
    .with_buttons(&[
        ("btn_carrier_service_add", ("添加服务", "Add services"), "logistics:carrierService:add"),
        ("btn_carrier_service_edit", ("编辑服务", "Edit services"), "logistics:carrierService:edit"),
        ("btn_carrier_service_delete", ("删除服务", "Delete services"), "logistics:carrierService:delete"),
        ("btn_carrier_service_export", ("导出服务", "Export services"), "logistics:carrierService:export"),
    ]),
    page(
        "menu_carrier_depot",
        "menu_carrier",
        ("平台仓库", "Platform depots"),
        ("/carrier/depot", "carrier/PlatformDepotList"),
        "home",
        "logistics:platformDepot:list",
        12,
    )
    .with_buttons(&[
        ("btn_platform_depot_add", ("添加仓库", "Add depots"), "logistics:platformDepot:add"),
        ("btn_platform_depot_edit", ("编辑仓库", "Edit depots"), "logistics:platformDepot:edit"),
        ("btn_platform_depot_delete", ("删除仓库", "Delete depots"), "logistics:platformDepot:delete"),
        ("btn_platform_depot_export", ("导出仓库", "Export depots"), "logistics:platformDepot:export"),
    ]),
    page(
        "menu_carrier_dispatch",
        "menu_carrier",
        ("交运", "Dispatch"),
        ("/carrier/dispatch", "carrier/DispatchList"),
        "send",
        "logistics:dispatch:list",
        13,
    )
    .with_buttons(&[
        ("btn_dispatch_add", ("创建交运单、加减订单", "Create and fill dispatches"), "logistics:dispatch:add"),
        ("btn_dispatch_pickup", ("预约与确认揽收", "Request and confirm pickups"), "logistics:dispatch:pickup"),
        ("btn_dispatch_cancel", ("取消交运单", "Cancel dispatches"), "logistics:dispatch:cancel"),
        ("btn_dispatch_export", ("导出交运单", "Export dispatches"), "logistics:dispatch:export"),
    ]),
    page(
        "menu_carrier_manifest",
        "menu_carrier",
        ("出货清单", "Manifests"),
        ("/carrier/manifest", "carrier/ManifestList"),
        "file-done",
        "logistics:manifest:list",
        14,
    )
    .with_buttons(&[
        ("btn_manifest_close", ("关闭当日清单", "Close a day's manifest"), "logistics:manifest:close"),
        ("btn_manifest_export", ("导出清单", "Export manifests"), "logistics:manifest:export"),
    ]),
    // What each order cost with its carrier, and the margins by carrier, product and customer.
    page(
        "menu_carrier_fee",
        "menu_carrier",
        ("承运商费用与毛利", "Carrier fees and margins"),
        ("/carrier/fee", "carrier/CarrierFeeList"),
        "account-book",
        "logistics:carrierFee:list",
        15,
    )
    .with_buttons(&[
        ("btn_carrier_fee_add", ("录入承运商费用", "Enter carrier fees"), "logistics:carrierFee:add"),
        ("btn_carrier_fee_edit", ("修改承运商费用", "Correct carrier fees"), "logistics:carrierFee:edit"),
        ("btn_carrier_fee_delete", ("删除承运商费用", "Delete carrier fees"), "logistics:carrierFee:delete"),
        ("btn_carrier_fee_export", ("导出承运商费用与毛利", "Export fees and margins"), "logistics:carrierFee:export"),
    ]),
    // Partitions: the zones rate cards price, shared by every card that references them.
    page(
        "menu_carrier_partition",
        "menu_carrier",
        ("分区表", "Partitions"),
        ("/carrier/partition", "carrier/PartitionList"),
        "global",
        "logistics:partition:list",
        17,
    )
    .with_buttons(&[
        ("btn_partition_add", ("添加分区表", "Add partitions"), "logistics:partition:add"),
        ("btn_partition_edit", ("编辑分区表", "Edit partitions"), "logistics:partition:edit"),
        ("btn_partition_delete", ("删除分区表", "Delete partitions"), "logistics:partition:delete"),
        ("btn_partition_export", ("导出分区表", "Export partitions"), "logistics:partition:export"),
    ]),
    // Waybill batches: orders handed to a carrier with the file it loads them from.
    page(
        "menu_carrier_waybill_batch",
        "menu_carrier",
        ("运单批次", "Waybill batches"),
        ("/carrier/waybillBatch", "carrier/WaybillBatchList"),
        "file-text",
        "logistics:waybillBatch:list",
        18,
    )
    .with_buttons(&[
        ("btn_waybill_batch_add", ("创建运单批次", "Make waybill batches"), "logistics:waybillBatch:add"),
        ("btn_waybill_batch_regenerate", ("重新生成批次文件", "Regenerate batch files"), "logistics:waybillBatch:regenerate"),
        ("btn_waybill_batch_delete", ("删除运单批次", "Delete waybill batches"), "logistics:waybillBatch:delete"),
        ("btn_waybill_batch_export", ("导出运单批次", "Export waybill batches"), "logistics:waybillBatch:export"),
    ]),
    // UPS's routing table: the routing code UPS labels print, by destination country and postal code.
    page(
        "menu_carrier_ups_routing",
        "menu_carrier",
        ("UPS路由码", "UPS routing codes"),
        ("/carrier/upsRouting", "carrier/UpsRoutingList"),
        "environment",
        "logistics:upsRouting:list",
        16,
    )
    .with_buttons(&[
        ("btn_ups_routing_import", ("导入UPS路由表", "Import UPS's routing table"), "logistics:upsRouting:import"),
        ("btn_ups_routing_add", ("添加路由码", "Add routing codes"), "logistics:upsRouting:add"),
        ("btn_ups_routing_edit", ("编辑路由码", "Edit routing codes"), "logistics:upsRouting:edit"),
        ("btn_ups_routing_delete", ("删除路由码", "Delete routing codes"), "logistics:upsRouting:delete"),
        ("btn_ups_routing_export", ("导出路由码", "Export routing codes"), "logistics:upsRouting:export"),
    ]),
    SeedMenu {
        redirect: Some("/account/center"),
        ..for_customers(menu("menu_account", None, ("个人页", "Account"), ("/account", "layouts/RouteView"), "user", 90))
    },
    for_customers(menu(
        "menu_account_center",
        Some("menu_account"),
        ("个人中心", "Personal centre"),
        ("/account/center", "account/center/Index"),
        "idcard",
        1,
    )),
    for_customers(menu(
        "menu_account_settings",
        Some("menu_account"),
        ("个人设置", "Account settings"),
        ("/account/settings/base", "account/settings/BaseSetting"),
        "setting",
        2,
    )),
    for_customers(
        page(
            "menu_account_sub",
            "menu_account",
            ("子账号管理", "Sub-accounts"),
            ("/account/subaccount", "account/SubAccountList"),
            "team",
            "erp:user:sub:list",
            3,
        )
        .with_buttons(&[
            ("btn_sub_add", ("添加子账号", "Add sub-account"), "erp:user:sub:add"),
            ("btn_sub_edit", ("编辑子账号", "Edit sub-account"), "erp:user:sub:edit"),
            ("btn_sub_freeze", ("冻结/解冻子账号", "Freeze/unfreeze sub-account"), "erp:user:sub:freeze"),
            ("btn_sub_delete", ("删除子账号", "Delete sub-account"), "erp:user:sub:delete"),
        ]),
    ),
];

/// Every seeded menu and button: each menu, then its buttons.
pub fn all() -> impl Iterator<Item = SeedMenu> {
    MENUS.iter().flat_map(|m| {
        let buttons = m.buttons.iter().zip(1..).map(|(&(id, names, perms), sort)| SeedMenu {
            platform_only: m.platform_only,
            customer: m.customer,
            ..button(id, m.id, names, perms, sort)
        });
        std::iter::once(*m).chain(buttons)
    })
}

/// What the `customer` role gets when it is created.
pub fn customer_ids() -> Vec<&'static str> {
    all().filter(|m| m.customer).map(|m| m.id).collect()
}

/// What a demo sub-account gets: the customer pages except managing sub-accounts.
pub fn sub_account_ids() -> Vec<&'static str> {
    all().filter(|m| m.customer && m.perms.is_none_or(|p| !p.starts_with("erp:user:sub"))).map(|m| m.id).collect()
}

pub async fn run(db: &Db) -> DbResult<()> {
    let now = chrono::Utc::now().naive_utc();
    let mut new_for_customers = Vec::new();
    with_write!(db, |conn| {
        for m in all() {
            let menu_type = match (m.button, m.parent) {
                (true, _) => BUTTON,
                (false, Some(_)) => SUB_MENU,
                (false, None) => MENU,
            };
            let inserted = diesel::insert_into(sys_permission::table)
                .values((
                    sys_permission::id.eq(m.id),
                    sys_permission::parent_id.eq(m.parent),
                    sys_permission::name.eq(m.zh),
                    sys_permission::name_en.eq(m.en),
                    sys_permission::url.eq(Some(m.url).filter(|u| !u.is_empty())),
                    sys_permission::component.eq(Some(m.component).filter(|c| !c.is_empty())),
                    sys_permission::redirect.eq(m.redirect),
                    sys_permission::menu_type.eq(menu_type),
                    sys_permission::perms.eq(m.perms),
                    sys_permission::sort_no.eq(m.sort),
                    sys_permission::icon.eq(Some(m.icon).filter(|i| !i.is_empty())),
                    sys_permission::is_route.eq(!m.button),
                    sys_permission::platform_only.eq(m.platform_only),
                    sys_permission::create_time.eq(now),
                ))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?;
            if inserted == 1 && m.customer {
                new_for_customers.push(m.id);
            }
        }
    });
    // Before the carrier pages existed their buttons sat under System; move them to their pages
    // (a seed never overwrites otherwise) and drop the view buttons the pages now replace.
    with_write!(db, |conn| {
        for m in all().filter(|m| m.button && m.perms.is_some_and(|p| p.starts_with("logistics:"))) {
            diesel::update(
                sys_permission::table.filter(sys_permission::id.eq(m.id)).filter(sys_permission::parent_id.eq("menu_system")),
            )
            .set(sys_permission::parent_id.eq(m.parent))
            .execute(conn)
            .await?;
        }
        let retired = ["btn_supplier_list", "btn_channel_list", "btn_numseg_list"];
        crate::forget_permissions!(conn, retired);
        diesel::delete(sys_permission::table.filter(sys_permission::id.eq_any(retired))).execute(conn).await?;
    });
    if !new_for_customers.is_empty() {
        let customer_roles: Vec<String> = with_conn!(db, |conn| {
            sys_role::table.filter(sys_role::role_code.eq(roles::CUSTOMER)).select(sys_role::id).load(conn).await?
        });
        for role in customer_roles {
            with_write!(db, |conn| {
                for id in &new_for_customers {
                    diesel::insert_into(sys_role_permission::table)
                        .values((sys_role_permission::role_id.eq(&role), sys_role_permission::permission_id.eq(*id)))
                        .on_conflict_do_nothing()
                        .execute(conn)
                        .await?;
                }
            });
        }
    }
    Ok(())
}
