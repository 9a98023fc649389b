//! Writer process for the durability harness (`tw_store::crash`): appends to
//! the database named by its last argument until it is killed.

fn main() -> std::process::ExitCode {
    let Some(db) = std::env::args_os().nth(1) else {
        eprintln!("usage: tw-store-crash-writer DATABASE");
        return std::process::ExitCode::from(2);
    };
    match tw_store::crash::writer_main(std::path::Path::new(&db), i64::MAX) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tw-store-crash-writer: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
