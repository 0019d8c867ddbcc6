/**
 * caliber as Maven goals: {@code caliber:evaluate} and {@code caliber:gate}, configured in the POM
 * and bound to {@code verify}. Each goal translates its parameters into caliber's command line and
 * runs it in the build's JVM through {@link dev.caliber.cli.Caliber#execute}, so that every option's
 * checks, the gate's rules and the reports are the command's own; the exit code decides the build
 * (docs/GATE.md, "The Maven plugin").
 */
package dev.caliber.maven;
