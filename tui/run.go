package tui

import (
	"fmt"
	"io"

	tea "charm.land/bubbletea/v2"
)

// Run plays a game in the terminal until the player quits.
func Run(cfg Config, in io.Reader, out io.Writer) error {
	m, err := New(cfg)
	if err != nil {
		return err
	}
	if _, err := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out)).Run(); err != nil {
		return fmt.Errorf("tui: %w", err)
	}
	return nil
}
