using MicroDb.Query;

// No namespace: the set-up fixture covers every fixture of the runner (MicroDb.Conformance and its Query namespace).

/// <summary>
/// Checks every intercepted query of the conformance suite against the run-time front end (issue 20): each run
/// compares the generator's SQL and bound values with the run-time translator's, and the rows with the run-time
/// path's (<see cref="InterceptionCheck"/>); a difference fails the test that ran the query. At the end it prints how
/// many runs were checked and fails if none was, so the check cannot vanish silently.
/// </summary>
[SetUpFixture]
public sealed class InterceptionCheckSetup
{
    private long _before;

    /// <summary>Turns the check on for the whole run.</summary>
    [OneTimeSetUp]
    public void Enable_check_of_intercepted_queries()
    {
        _before = InterceptionCheck.Runs;
        InterceptionCheck.Enabled = true;
    }

    /// <summary>
    /// Reports the count. A full run requires at least one checked run; a filtered run (fewer tests than the suite has
    /// query tests) may reach no intercepted query, and only prints. <c>GeneratedConformance.Intercepted_queries_run_checked</c>
    /// fails on its own when the check or the interception is gone.
    /// </summary>
    [OneTimeTearDown]
    public void Report_checked_intercepted_runs()
    {
        InterceptionCheck.Enabled = false;
        var checkedRuns = InterceptionCheck.Runs - _before;
        var result = TestContext.CurrentContext.Result;
        var ran = result.PassCount + result.FailCount;
        TestContext.Progress.WriteLine($"Intercepted query runs checked against the run-time front end (same SQL, values and rows): {checkedRuns} in {ran} tests");
        if (ran >= FullRun)
        {
            Assert.That(checkedRuns, Is.GreaterThan(0), "No intercepted query ran with the check on: the conformance suite's intercepted call sites are no longer checked.");
        }
    }

    /// <summary>Fewer tests than this is a filtered run (the suite has over 700).</summary>
    private const int FullRun = 500;
}
