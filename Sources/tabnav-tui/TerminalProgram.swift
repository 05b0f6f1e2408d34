struct TerminalProgram {
    let program: Program
    func run() -> Int32 { 1 }
}
