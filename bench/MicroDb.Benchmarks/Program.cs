using BenchmarkDotNet.Running;
using MicroDb.Benchmarks;

return BenchmarkProgram.Run(args);
