//! Reading the player's lines: with line editing and history (arrow keys, Ctrl-R…) at a
//! terminal, plain lines from a pipe, so a script drives `play` as a person does.

use anyhow::{Context, Result};
use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;
use std::io::{BufRead, IsTerminal, StdinLock, Write};

/// One line typed, or the end of input.
pub enum Input {
    Line(String),
    End,
}

/// Where lines come from.
pub enum Lines {
    /// A terminal: an editor keeping this game's history.
    Editor(Box<DefaultEditor>),
    /// A pipe or file.
    Plain(StdinLock<'static>),
}

impl Lines {
    pub fn from_stdin() -> Lines {
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            if let Ok(editor) = DefaultEditor::new() {
                return Lines::Editor(Box::new(editor));
            }
        }
        Lines::Plain(stdin.lock())
    }

    /// Show `prompt` and read one line, trimmed. Ctrl-D ends the input; Ctrl-C too.
    pub fn read(&mut self, prompt: &str) -> Result<Input> {
        match self {
            Lines::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.trim());
                    }
                    Ok(Input::Line(line.trim().to_string()))
                }
                Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(Input::End),
                Err(e) => Err(e).context("cannot read input"),
            },
            Lines::Plain(input) => {
                print!("{prompt}");
                std::io::stdout().flush().ok();
                let mut line = String::new();
                let n = input.read_line(&mut line).context("cannot read input")?;
                if n == 0 {
                    return Ok(Input::End);
                }
                Ok(Input::Line(line.trim().to_string()))
            }
        }
    }
}
