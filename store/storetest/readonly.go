package storetest

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// EnvReadOnlyDB names, for a child process started by RunReadOnly, the
// database file it may read but not write.
const EnvReadOnlyDB = "NORNS_TEST_READONLY_DB"

// SharedDir returns a new directory that every user may write (so that
// SQLite may add its -wal and -shm files beside a database it cannot
// write), removed at the end of the test.
func SharedDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "norns-readonly")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	return dir
}

// RunReadOnly runs program with args in db's directory, with the
// environment env plus EnvReadOnlyDB=db, as a process that cannot write
// the file db: as root, which writes any file whatever its mode, the
// program (copied where every user may run it) runs as the user nobody
// (65534); otherwise db is made read-only. It returns the program's
// output and error, and skips the test when no such process can be
// started.
func RunReadOnly(t testing.TB, db string, env []string, program string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(program, args...)
	cmd.Env = append(env, EnvReadOnlyDB+"="+db)
	cmd.Dir = filepath.Dir(db)
	if os.Geteuid() == 0 {
		dir := SharedDir(t)
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd.Path = filepath.Join(dir, filepath.Base(program))
		if err := copyFile(cmd.Path, program); err != nil {
			t.Fatal(err)
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	} else if err := os.Chmod(db, 0o444); err != nil {
		t.Fatal(err)
	}
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Skipf("cannot run a process that may not write %s: %v", db, err)
	}
	return string(out), err
}

func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
