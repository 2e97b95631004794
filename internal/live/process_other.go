//go:build !unix

package live

import "os/exec"

// ownProcessGroup does nothing where there are no process groups: stopping the command stops it
// alone.
func ownProcessGroup(cmd *exec.Cmd) {}

func terminate(cmd *exec.Cmd) { kill(cmd) }

func kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
