//! `logistics-server [serve | migrate | create-admin [USERNAME]]`: configuration comes from the
//! environment (see the README). Every failure ends with one `error:` line and a non-zero exit.

use axum::serve::ListenerExt as _;
use std::process::ExitCode;

use logistics_server::app;
use logistics_server::bootstrap;
use logistics_server::platform::config::Config;
use logistics_server::platform::db::Db;
use tracing_subscriber::EnvFilter;

/// mimalloc: glibc's allocator fragments under many threads hashing 19 MiB argon2 blocks (RSS
/// grew past 1 GB in the sign-in benchmark) and then spends its time consolidating.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage: logistics-server [serve | migrate | create-admin [USERNAME]]

  serve          run the API and web app (default)
  migrate        apply database migrations and exit
  create-admin   create the administrator USERNAME (default admin), or reset its password
                 and unfreeze it; the password is LOGISTICS_ADMIN_PASSWORD or generated

environment: LOGISTICS_BIND, DATABASE_URL, REDIS_URL, LOGISTICS_ADMIN_PASSWORD,
             LOGISTICS_JWT_SECRET, LOGISTICS_DEMO, LOGISTICS_WEB_DIR, RUST_LOG";

enum Command {
    Serve,
    Migrate,
    CreateAdmin(String),
}

fn parse_args(args: &[String]) -> Result<Command, String> {
    match args {
        [] => Ok(Command::Serve),
        [cmd] if cmd == "serve" => Ok(Command::Serve),
        [cmd] if cmd == "migrate" => Ok(Command::Migrate),
        [cmd] if cmd == "create-admin" => Ok(Command::CreateAdmin(bootstrap::ADMIN_USERNAME.to_owned())),
        [cmd, name] if cmd == "create-admin" => Ok(Command::CreateAdmin(name.clone())),
        _ => Err(format!("unknown arguments `{}`\n{USAGE}", args.join(" "))),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    if args.iter().any(|a| a == "--version" || a == "-V") {
        println!("logistics-server {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    let result = parse_args(&args).and_then(|command| {
        let config = Config::from_env()?;
        init_tracing();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            // Idle blocking threads (SQLite calls, password hashing) end after 2 s rather than 10 s,
            // handing their heaps back: an idle server stays small.
            .thread_keep_alive(std::time::Duration::from_secs(2))
            .build()
            .map_err(|e| format!("cannot start the async runtime: {e}"))?;
        runtime.block_on(run(command, config))
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,tower_http=warn"));
    use std::io::IsTerminal;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(std::io::stderr().is_terminal());
    if std::env::var("LOGISTICS_LOG_FORMAT").is_ok_and(|f| f == "json") {
        builder.json().init();
    } else {
        builder.compact().init();
    }
}

async fn run(command: Command, config: Config) -> Result<(), String> {
    match command {
        Command::Serve => serve(config).await,
        Command::Migrate => {
            let db = Db::connect(&config.database, 1).await?;
            let ran = db.migrate().await?;
            println!("migrations applied: {ran} new ({} database)", db.backend_name());
            Ok(())
        }
        Command::CreateAdmin(username) => {
            let db = Db::connect(&config.database, 1).await?;
            db.migrate().await?;
            let (password, generated) = bootstrap::create_or_reset_admin(&db, &config, &username).await?;
            if generated {
                println!("administrator `{username}` is ready; password (shown once): {password}");
            } else {
                println!("administrator `{username}` is ready with the password from LOGISTICS_ADMIN_PASSWORD");
            }
            Ok(())
        }
    }
}

async fn serve(config: Config) -> Result<(), String> {
    let bind = config.bind;
    let database = config.database.clone();
    let listener = tokio::net::TcpListener::bind(bind).await.map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let bind = listener.local_addr().map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let started = app::start(config).await?;
    let url = format!("http://{bind}");
    println!("Logistics platform listening on {url}  (database: {})", database.backend_name());
    if let Some((username, password, generated)) = &started.report.admin_created {
        if *generated {
            println!(
                "administrator created: username `{username}`, password `{password}` (shown once; change it after signing in)"
            );
        } else {
            println!("administrator created: username `{username}` with the password from LOGISTICS_ADMIN_PASSWORD");
        }
    }
    if started.report.demo_created {
        println!(
            "demo data loaded: customer `{}` and sub-account `{}`, password `{}`",
            bootstrap::DEMO_CUSTOMER,
            bootstrap::DEMO_SUB_ACCOUNT,
            bootstrap::DEMO_PASSWORD
        );
    }
    let service = started.router.into_make_service_with_connect_info::<std::net::SocketAddr>();
    // Without TCP_NODELAY an answer's last short segment can wait for the client's delayed ACK
    // (40 ms on Linux) behind the segments before it.
    let listener = listener.tap_io(|stream| {
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "could not set TCP_NODELAY");
        }
    });
    axum::serve(listener, service).with_graceful_shutdown(shutdown_signal()).await.map_err(|e| format!("server stopped: {e}"))?;
    tracing::info!("shut down cleanly");
    Ok(())
}

/// Ctrl-C or SIGTERM: stop accepting, finish the requests in flight, exit.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
