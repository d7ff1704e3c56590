import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearClaimSearch, LIMITS, setClaimSearch, useClaimSearch } from '@claims/shared-kernel';

/** Typing settles for this long before the claims list is asked to search. */
const TYPING_PAUSE_MS = 300;

/** Sets the claim search from 3 characters on (fewer clears it); Enter elsewhere opens the claims list. */
function applySearch(text: string): void {
  const query = text.trim();
  if (query.length >= LIMITS.claimSearchMinChars) setClaimSearch(query);
  else clearClaimSearch();
}

export function ClaimSearchBox() {
  const stored = useClaimSearch();
  const [text, setText] = useState(stored);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // The claims list can clear the search (Reset Filter); the box follows.
  useEffect(() => {
    if (stored === '') setText((current) => (current.trim().length >= LIMITS.claimSearchMinChars ? '' : current));
  }, [stored]);

  useEffect(() => {
    const timer = window.setTimeout(() => applySearch(text), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <Input.Search
      aria-label="Search claims"
      placeholder="Search claims"
      allowClear
      maxLength={LIMITS.searchTextMax}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value, _event, info) => {
        applySearch(value);
        if (info?.source !== 'clear' && pathname !== '/claims') void navigate('/claims');
      }}
      style={{ maxWidth: 360 }}
    />
  );
}
