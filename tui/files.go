package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// The client's files in the user's configuration directory (norns/…):
// the seat file and the session file, each a JSON object from a key (a
// game's URL, a server's) to an entry, readable by the user alone.

// configFile is the path of the file name in norns/ in the user's
// configuration directory.
func configFile(name string) (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "norns", name), nil
}

// readEntries reads a file of entries; a file missing has none.
func readEntries[T any](path string) (map[string]T, error) {
	out := map[string]T{}
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("tui: %s: %w", path, err)
	}
	return out, nil
}

// saveEntry sets the entry of key in a file of entries, which it writes
// whole (through a temporary file renamed over it, readable by the user
// alone).
func saveEntry[T any](path, key string, e T) error {
	all, err := readEntries[T](path)
	if err != nil {
		return err
	}
	all[key] = e
	b, err := json.MarshalIndent(all, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
