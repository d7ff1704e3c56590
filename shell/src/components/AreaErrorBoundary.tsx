import { Button, Result, Typography } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { areaLabel, type RemoteName } from '../areas';

interface Props {
  remote: RemoteName;
  /** A new value (the user went elsewhere in the area) clears a shown error. */
  resetKey: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/**
 * Layer three of the failure handling: whatever goes wrong inside one remote's area (it could not
 * be fetched, or it threw while rendering) stays inside that area; the top bar, the navigation and
 * the other areas keep working.
 */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Area of remote ${this.props.remote} failed`, error, info.componentStack);
  }

  private readonly retry = (): void => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { remote } = this.props;
    return (
      <Result
        status="warning"
        title={`The ${areaLabel(remote)} area could not be loaded.`}
        extra={
          <Button type="primary" onClick={this.retry}>
            Retry
          </Button>
        }
      >
        <details>
          <summary>Details</summary>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0, marginTop: 8 }}>
            {remote}: {error.message}
          </Typography.Paragraph>
        </details>
      </Result>
    );
  }
}
