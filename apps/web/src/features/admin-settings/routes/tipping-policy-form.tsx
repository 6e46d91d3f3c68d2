import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TippingPolicyAnswer } from '@shop/shared/contract/tips';
import { MAX_TIPPING_POLICY_LENGTH } from '@shop/shared/domain/tips';
import { api, ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { TIPPING_POLICY_KEY, useTippingPolicy } from '../../../lib/tipping-policy';
import { showToast } from '../../../lib/toast';
import { useCan } from '../../../lib/use-session';

/**
 * The shop's written tipping policy (decision 1602): the owner writes it (`PUT /api/tipping-policy`); a manager reads
 * it. Until the owner saves one, the storefront shows the default, which the form starts from.
 */
export function TippingPolicyForm() {
  const policy = useTippingPolicy();
  if (!policy.data) return null;
  return <PolicyEditor key={policy.data.updatedAt ?? 'default'} saved={policy.data} />;
}

function PolicyEditor({ saved }: { saved: TippingPolicyAnswer }) {
  const mayEdit = useCan('paymentSettings');
  const client = useQueryClient();
  const [text, setText] = useState(saved.policy);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (policy: string) => api.put<TippingPolicyAnswer>('/tipping-policy', { policy }),
    onSuccess: (answer) => {
      client.setQueryData(TIPPING_POLICY_KEY, answer);
      showToast('Tipping policy saved');
    },
    onError: (error) => setRefusal(error instanceof ApiError ? error.message : String(error)),
  });
  const tooLong = text.length > MAX_TIPPING_POLICY_LENGTH;
  const empty = text.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || empty || tooLong) return;
    setRefusal(null);
    save.mutate(text);
  }

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      variant="outlined"
      aria-label="Tipping policy"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mt: 3 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Tipping policy
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        What the shop promises about drivers’ tips, shown to customers at <a href={paths.tippingPolicy}>{paths.tippingPolicy}</a> and
        available to your workers. The law asks that all tips go to workers in full, with no deductions.
        {saved.updatedAt === null && ' The shop’s default policy is shown until you save your own.'}
      </Typography>
      <Stack spacing={3}>
        <TextField
          label="Policy"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setRefusal(null);
          }}
          multiline
          minRows={8}
          required
          disabled={!mayEdit}
          error={empty || tooLong}
          helperText={
            empty
              ? 'Write the policy: it cannot be empty'
              : tooLong
                ? `At most ${MAX_TIPPING_POLICY_LENGTH} characters`
                : mayEdit
                  ? `${text.length} of ${MAX_TIPPING_POLICY_LENGTH} characters`
                  : 'Only the owner can change the tipping policy.'
          }
        />
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        {mayEdit && (
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save policy
            </Button>
            <Button type="button" onClick={() => setText(saved.policy)} disabled={save.isPending}>
              Reset
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
