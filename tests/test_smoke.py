import parlour


def test_giacomotto_is_registered():
    assert "giacomotto" in parlour.games()
