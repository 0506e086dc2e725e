"""The API's routes, one module per subject: ``equity``, ``hands`` (evaluate, outs), ``study`` (the
page's range grid, live combos, board hits and heatmaps), ``vocabulary`` (the names the page shows)
and ``server`` (stats, health). Each is an :class:`fastapi.APIRouter` reading the app's
:class:`~pokerfsm.web.state.ServerState` through the ``Server`` dependency."""
