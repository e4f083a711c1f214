package tui

import (
	"context"
	"fmt"
	"io"

	tea "charm.land/bubbletea/v2"

	"github.com/norns-games/norns/wire"
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

// RunOnline plays a game of a server in the terminal, from the seat o
// holds and the game's view, until the player quits; the game's feed
// brings the other players' moves and the chat. It returns the seat of
// the game played last: a rematch the player followed, or o.
func RunOnline(cfg Config, o *Online, v *wire.View, in io.Reader, out io.Writer) (*Online, error) {
	m, err := NewOnline(cfg, o, v)
	if err != nil {
		return o, err
	}
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	m.Follow(ctx, p.Send)
	if _, err := p.Run(); err != nil {
		return m.Online(), fmt.Errorf("tui: %w", err)
	}
	return m.Online(), nil
}
