//! A resource's routes with their OpenAPI entries, made from its declaration: the same document
//! `#[utoipa::path]` would give a hand-written handler (paths, parameters, bodies, responses).

use axum::routing::{MethodRouter, delete, get, post, put};
use utoipa::__dev::ComposeSchema;
use utoipa::ToSchema;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem, Paths};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::{Content, ObjectBuilder, Ref, RefOr, Required, ResponseBuilder, Schema, Type};
use utoipa_axum::router::OpenApiRouter;

use super::{Resource, handlers};
use crate::platform::http::{Envelope, Page};
use crate::state::AppState;

type Schemas = Vec<(String, RefOr<Schema>)>;

fn text_param(name: &str, description: Option<&str>) -> utoipa::openapi::path::Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .description(description.filter(|d| !d.is_empty()))
        .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
        .build()
}

fn json(name: &str) -> Content {
    Content::new(Some(Ref::from_schema_name(name)))
}

fn ok_with(name: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new().content("application/json", json(name)).build()
}

fn empty() -> utoipa::openapi::Response {
    ResponseBuilder::new().build()
}

/// Adds the schemas of `T` (itself and what it names) under their names.
fn named<T: ToSchema>(schemas: &mut Schemas) {
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(schemas);
}

/// One route: its path, method, operation and handler.
fn route<R: Resource>(
    verb: &str,
    method: HttpMethod,
    operation: OperationBuilder,
    handler: MethodRouter<AppState>,
    schemas: Schemas,
) -> utoipa_axum::router::UtoipaMethodRouter<AppState> {
    let path = format!("{}/{verb}", R::PATH);
    // Operation ids are the handlers' names, as for hand-written routes.
    let id = match verb {
        "queryById" => "query_by_id",
        "deleteBatch" => "delete_batch",
        "exportXls" => "export_xls",
        "importExcel" => "import_excel",
        other => other,
    };
    let operation = operation.tag(R::TAG).operation_id(Some(id));
    let paths = Paths::builder().path(path, PathItem::new(method, operation)).build();
    (schemas, paths, handler)
}

fn page_params(op: OperationBuilder) -> OperationBuilder {
    op.parameter(text_param(
        "pageNo",
        Some("1-based page number (default 1). Text, because query strings flattened into filter\nstructs arrive as text."),
    ))
    .parameter(text_param("pageSize", Some("Rows per page (default 10, at most 1000).")))
    .parameter(text_param("column", Some("Sort column (camelCase field name).")))
    .parameter(text_param("order", Some("`asc` or `desc`.")))
}

fn id_params(op: OperationBuilder) -> OperationBuilder {
    op.parameter(text_param("id", None)).parameter(text_param("ids", None))
}

/// Mounts a resource's calls on the router, each with its OpenAPI entry.
pub fn mount<R: Resource>(router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    super::register::<R>();
    let record = R::Record::name().into_owned();
    let form = R::Form::name().into_owned();
    let page_name = format!("Envelope_Page_{record}");
    let one_name = format!("Envelope_{record}");
    let mut record_schemas = Schemas::new();
    named::<R::Record>(&mut record_schemas);
    let mut page_schemas = record_schemas.clone();
    // Generic bodies inline their parameters, as `#[utoipa::path]` writes them.
    let page = <Page<R::Record> as ComposeSchema>::compose(vec![<R::Record as utoipa::PartialSchema>::schema()]);
    page_schemas.push((page_name.clone(), <Envelope<Page<R::Record>> as ComposeSchema>::compose(vec![page])));
    let mut one_schemas = record_schemas;
    one_schemas.push((
        one_name.clone(),
        <Envelope<R::Record> as ComposeSchema>::compose(vec![<R::Record as utoipa::PartialSchema>::schema()]),
    ));
    let mut form_schemas = one_schemas.clone();
    named::<R::Form>(&mut form_schemas);

    let parent = |op: OperationBuilder| match R::PARENT {
        Some(p) => op.parameter(
            ParameterBuilder::new()
                .name(p.params[0])
                .parameter_in(ParameterIn::Query)
                .required(Required::True)
                .description(Some(p.doc))
                .schema(Some(ObjectBuilder::new().schema_type(Type::String))),
        ),
        None => op,
    };
    let mut list = parent(OperationBuilder::new().summary(Some(format!("The {}: search, paging, sorting.", R::PLURAL))));
    for f in R::FILTERS {
        list = list.parameter(text_param(f.param, Some(f.doc)));
    }
    let list = list.parameter(text_param(
        "after",
        Some("Keyset paging: the key (id) of the previous page's last record; the page continues right after it in the same order (no OFFSET)."),
    ));
    // A list under a parent answers 404 for a parent out of reach, as does an add naming one.
    let parent_404 = |op: OperationBuilder| if R::PARENT.is_some() { op.response("404", empty()) } else { op };
    let list =
        parent_404(page_params(list).response("200", ok_with(&page_name)).response("400", empty()).response("403", empty()));

    let mut export = parent(
        OperationBuilder::new()
            .summary(Some(format!("The {} as an xlsx workbook: the list's filters and order, every row.", R::PLURAL))),
    );
    for f in R::FILTERS {
        export = export.parameter(text_param(f.param, Some(f.doc)));
    }
    let xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    let export = parent_404(
        page_params(export)
            .response(
                "200",
                ResponseBuilder::new().description("The workbook").content(xlsx, Content::new(None::<Schema>)).build(),
            )
            .response("400", empty())
            .response("403", empty()),
    );

    let query = id_params(OperationBuilder::new().summary(Some(format!("One {}.", R::NOUN))))
        .response("200", ok_with(&one_name))
        // Open to every signed-in user: refused only without a session.
        .response(if R::OPEN_QUERY_BY_ID { "401" } else { "403" }, empty())
        .response("404", empty());

    let body = || Some(RequestBodyBuilder::new().content("application/json", json(&form)).required(Some(Required::True)).build());
    let add = parent_404(
        OperationBuilder::new()
            .summary(Some(format!("Adds a {}.", R::NOUN)))
            .request_body(body())
            .response("200", ok_with(&one_name))
            .response("400", empty())
            .response("403", empty())
            .response("409", empty()),
    );
    let edit = OperationBuilder::new()
        .summary(Some(format!("Changes a {}.", R::NOUN)))
        .request_body(body())
        .response("200", ok_with(&one_name))
        .response("400", empty())
        .response("403", empty())
        .response("404", empty())
        .response("409", empty());
    let remove = |summary: String| {
        id_params(OperationBuilder::new().summary(Some(summary)))
            .response("200", empty())
            .response("400", empty())
            .response("403", empty())
            .response("404", empty())
            .response("409", empty())
    };

    let mut import_schemas = Schemas::new();
    named::<super::import::ImportReport>(&mut import_schemas);
    named::<super::import::RowError>(&mut import_schemas);
    let report = "Envelope_ImportReport".to_owned();
    import_schemas.push((
        report.clone(),
        <Envelope<super::import::ImportReport> as ComposeSchema>::compose(vec![
            <super::import::ImportReport as utoipa::PartialSchema>::schema(),
        ]),
    ));
    let import = OperationBuilder::new()
        .summary(Some(format!(
            "Adds {} from an xlsx workbook (field `file`), all or none; `dryRun=true` checks every row and saves nothing.",
            R::PLURAL
        )))
        .parameter(text_param("dryRun", Some("`true`: check every row (unique keys included) but save nothing.")))
        .request_body(Some(
            RequestBodyBuilder::new()
                .description(Some("field `file`: the .xlsx (at most 5 MB); row 1 names the columns"))
                .content("multipart/form-data", Content::new(None::<Schema>))
                .required(Some(Required::True))
                .build(),
        ))
        .response("200", ok_with(&report))
        .response(
            "400",
            ResponseBuilder::new()
                .description("`result.errors` = [{row, column, message}] for every bad row; nothing saved")
                .build(),
        )
        .response("403", empty())
        .response("413", empty());
    let import_route = {
        let limit = axum::extract::DefaultBodyLimit::max(super::import::IMPORT_LIMIT + 64 * 1024);
        post(super::import::import_excel::<R>).layer(limit)
    };

    let calls = [
        ("importExcel", HttpMethod::Post, import, import_route, import_schemas),
        ("list", HttpMethod::Get, list, get(handlers::list::<R>), page_schemas),
        ("queryById", HttpMethod::Get, query, get(handlers::query_by_id::<R>), one_schemas.clone()),
        ("add", HttpMethod::Post, add, post(handlers::add::<R>), form_schemas.clone()),
        ("edit", HttpMethod::Put, edit, put(handlers::edit::<R>), form_schemas),
        ("delete", HttpMethod::Delete, remove(format!("Deletes a {}.", R::NOUN)), delete(handlers::delete::<R>), Vec::new()),
        (
            "deleteBatch",
            HttpMethod::Delete,
            remove(format!("Deletes {}: all or none.", R::PLURAL)),
            delete(handlers::delete_batch::<R>),
            Vec::new(),
        ),
        ("exportXls", HttpMethod::Get, export, get(handlers::export_xls::<R>), Vec::new()),
    ];
    calls.into_iter().filter(|(verb, ..)| !R::OMIT.contains(verb)).fold(
        router,
        |router, (verb, method, operation, handler, schemas)| {
            router.routes(route::<R>(verb, method, operation, handler, schemas))
        },
    )
}

/// `.resource::<R>()` in the route table: mounts a declared resource among the other routes.
pub trait MountResource {
    fn resource<R: Resource>(self) -> Self;
}

impl MountResource for OpenApiRouter<AppState> {
    fn resource<R: Resource>(self) -> Self {
        mount::<R>(self)
    }
}
